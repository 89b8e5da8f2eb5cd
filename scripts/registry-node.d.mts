export declare const PINNED: Readonly<Record<'22' | '24' | '26', string>>;
export declare const NODE_CACHE: string;
export declare function newestOfEachLine(lines?: readonly string[]): Promise<{ version: string; source: 'newest' | 'pinned' }[]>;
export declare function cachedNodePath(version: string): string;
export declare function registryNode(version: string): Promise<string>;
