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

export interface PhasedProgress {
  /** Where the command is: a new phase ends the bar of the one before. */
  update(phase: string, done: number, total?: number): void;
  stop(): void;
}

const quietPhases: PhasedProgress = { update: () => undefined, stop: () => undefined };

/**
 * A long command's phases (an audit's check, copy, folds and verify), one bar each on stderr
 * when it is a terminal, named by `labels`; a phase whose total is not known yet counts its
 * facts without a bar. Nothing at all when piped or in CI.
 */
export function phasedProgress(
  labels: Record<string, string>,
  stream: NodeJS.WriteStream = process.stderr,
): PhasedProgress {
  if (!stream.isTTY) return quietPhases;
  let current: { phase: string; bar: SingleBar; counting: boolean } | undefined;
  const open = (phase: string, done: number, total: number | undefined) => {
    current?.bar.stop();
    const label = labels[phase] ?? phase;
    const counting = total === undefined;
    const format = counting
      ? `${label} {value} facts`
      : `${label} [{bar}] {percentage}% {value}/{total} facts | eta {eta_formatted}`;
    const bar = new SingleBar({ format, stream, hideCursor: true }, Presets.shades_classic);
    bar.start(total ?? 1, done);
    current = { phase, bar, counting };
  };
  return {
    update(phase, done, total) {
      if (current?.phase !== phase || (current.counting && total !== undefined))
        open(phase, done, total);
      else current.bar.update(done);
    },
    stop() {
      current?.bar.stop();
      current = undefined;
    },
  };
}
