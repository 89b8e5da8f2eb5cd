export interface ShapedDirectionOptions {
  /** Bandwidth in kbit/s; unlimited when left out. */
  readonly kbit?: number;
  readonly delayMs: number;
  readonly deliver: (data: string) => void;
}

export declare class ShapedDirection {
  /** Bytes sent so far. */
  readonly bytes: number;
  constructor(options: ShapedDirectionOptions);
  send(data: string): void;
  busy(): boolean;
  close(): void;
}
