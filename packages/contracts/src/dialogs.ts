// Contracts of issue 9 (dialogs); filled in by its work.
export {};
