import { AppError } from "@dirabot/platform";

/** Yad2's bot manager answered instead of Yad2: back off, touch nothing stored. */
export class BlockedError extends AppError {
  readonly reason: string;
  constructor(reason: string) {
    super("unavailable", `blocked by Yad2: ${reason}`);
    this.reason = reason;
  }
}

/** Yad2 answered, but not in a shape we know (or not at all): a clear line for the status page. */
export class SourceError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("unavailable", message, options);
  }
}

export const isBlocked = (err: unknown): err is BlockedError => err instanceof BlockedError;

/** One line for lastError, whatever was thrown. */
export function reasonOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}
