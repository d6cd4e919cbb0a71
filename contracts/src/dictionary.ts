// Issue 5: schemas of the dictionary feature (being written).
export {};
