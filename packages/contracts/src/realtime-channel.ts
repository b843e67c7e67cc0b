// Contracts of issue 9 (realtime-channel); filled in by its work.
export {};
