/** A backup or restore that cannot go on, with what the operator should know: shown as one line, never a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}
