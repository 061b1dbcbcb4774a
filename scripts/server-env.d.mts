export declare const ALLOCATOR_ENV: Record<string, string>;
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
