// Contracts of issue 9 (users-account); filled in by its work.
export {};
