// Issue 5: schemas of the language feature (being written).
export {};
