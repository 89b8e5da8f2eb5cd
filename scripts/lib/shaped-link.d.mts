export interface ShapedDirectionOptions {
  /** Bandwidth in kbit/s; unlimited when left out. */
  readonly kbit?: number;
  readonly delayMs: number;
  readonly deliver: (data: string) => void;
}

export declare class ShapedDirection {
  /** Bytes sent so far. */
  readonly bytes: number;
  /** The longest queue there has been on the link, in ms of its bandwidth, since the start or resetQueued(). */
  readonly mostQueuedMs: number;
  constructor(options: ShapedDirectionOptions);
  send(data: string): void;
  resetQueued(): void;
  busy(): boolean;
  close(): void;
}
