// Issue 4: schemas of the access feature (being written).
export {};
