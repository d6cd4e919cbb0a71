// Issue 5: schemas of the log feature (being written).
export {};
