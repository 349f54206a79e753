// Types of jsonScript.cjs.
export declare const runtimeConfigElementId: string;
export declare function jsonScriptHtml(id: string, value: unknown): string;
