/** An answer as JSON text, or the refusal's class and message: two answers compared byte for byte. */
export async function outcome(f: () => unknown): Promise<string> {
  try {
    return JSON.stringify(await f());
  } catch (e) {
    return `${(e as Error).constructor.name}: ${(e as Error).message}`;
  }
}
