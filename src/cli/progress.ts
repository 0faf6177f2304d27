import { SingleBar, Presets } from 'cli-progress';

export interface Progress {
  update(value: number): void;
  stop(): void;
}

const quiet: Progress = { update: () => undefined, stop: () => undefined };

/** A progress bar on stderr when it is a terminal; nothing at all when piped or in CI. */
export function progress(label: string, total: number): Progress {
  if (!process.stderr.isTTY || total <= 0) return quiet;
  const bar = new SingleBar(
    {
      format: `${label} [{bar}] {percentage}% {value}/{total} events | eta {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return { update: (v) => bar.update(v), stop: () => bar.stop() };
}
