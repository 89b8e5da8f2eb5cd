export declare const STRING_WIDTH_ENTRY: RegExp;
export declare function lazyRgiEmoji(source: string): { source: string; applied: number };
