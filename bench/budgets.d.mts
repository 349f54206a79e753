export const jsBudgetKB: Record<string, number>;
export const laterJsBudgetKB: number;
export const laterJsWindowMs: number;
