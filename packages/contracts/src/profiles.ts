// Contracts of issue 9 (profiles); filled in by its work.
export {};
