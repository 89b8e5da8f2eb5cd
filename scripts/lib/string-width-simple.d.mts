export declare function simpleClusters(source: string): { source: string; applied: number };
