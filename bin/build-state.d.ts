export declare const root: string
export declare const stampFile: string
/** The first input newer than the last completed build, or 'never built'; undefined when dist/ is current. */
export declare function staleBecause(dir?: string): string | undefined
