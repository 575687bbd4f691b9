import { type Logger, pino } from "pino";

export type { Logger };

/** JSON logs on stdout; one child logger per service carries its name. */
export function createLogger(level: string, name = "dirabot"): Logger {
  return pino({ name, level, base: { pid: process.pid } });
}
