import type { Metafile, Plugin } from 'esbuild';

export interface StartUpTrim {
  readonly script: boolean;
  inkAwaits: number;
  undici: number;
  yogaEntry: number;
  yogaHook: number;
  stringWidth: number;
  stringWidthSimple: number;
  undiciH2: number;
  builtins: number;
  readonly plugin: Plugin;
}
export declare function startUpTrim(root: string, options?: { script?: boolean }): StartUpTrim;
export declare function checkTrim(trim: Omit<StartUpTrim, 'plugin'>, metafile: Pick<Metafile, 'inputs'>): void;
