/** Percent with two decimals → integer hundredths, without float drift (55.1 → 5510). */
export const toHundredths = (percent: number) => Math.round(percent * 100);
