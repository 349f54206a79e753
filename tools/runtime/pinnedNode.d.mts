export const pinnedNodeVersion: string;
export const pinnedNodeBinary: string;
