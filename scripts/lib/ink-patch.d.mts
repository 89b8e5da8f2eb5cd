import type { Metafile, Plugin } from 'esbuild';

export declare const REPLACEMENT: string;
export declare const INK_OUTPUT: string;
export declare const MARKER: string;
export declare class InkPatchError extends Error {}
export declare function checkInkVersion(root: string): string;
export declare function fastInkOutput(root: string): { swaps: number; readonly plugin: Plugin };
export declare function checkSwap(
  swap: { readonly swaps: number },
  metafile: Pick<Metafile, 'inputs'>,
  outputs: Readonly<Record<string, string>>,
): void;
