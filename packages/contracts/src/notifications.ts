// Contracts of issue 9 (notifications); filled in by its work.
export {};
