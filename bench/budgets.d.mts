export const jsBudgetKB: Record<string, number>;
