/** Terminal output: the diffing writer and the stdout stand-in handed to ink. */
export { DiffWriter, type DiffWriterOptions } from './diff-writer.js';
export { createDiffOutput, type DiffOutput } from './diff-stdout.js';
