/** Types of nginx.mjs (plain JavaScript, so the bench can import it without a build). */
export declare function nginxBinary(): string;
export declare function renderTemplate(text: string, values: Record<string, string | number>): string;
export declare function upstreamLines(addresses: string[]): string;
export declare function freePort(): Promise<number>;

export interface RunningNginx {
  port: number;
  url: string;
  /** its prefix folder: conf/, state/ (cache and temp), access.log, error.log */
  dir: string;
  accessLines(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

export declare function startNginx(options: { upstreams: string[] }): Promise<RunningNginx>;
