/** What the main thread asks a parse worker, and what the worker answers (lib/parse-worker). */

export interface ParseRequest {
  task: string;
  input: unknown;
}

export type ParseMessage =
  /**
   * part of the result, sent as it is read so the worker never holds the whole file's records; as
   * JSON text, which the main thread rebuilds quicker than a structured clone
   */
  { kind: 'batch'; json: string } | { kind: 'done'; result: unknown } | { kind: 'refused'; reason: string; detail: string };

/** A task's way of saying no: the reason travels to the caller with a message a person can read. */
export class ParseRefused extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** A parse the worker runs: it may hand out items in batches (`emit`) before its result. */
export type ParseTask<Input, Item, Result> = (input: Input, emit: (items: Item[]) => void) => Result | Promise<Result>;
