// Issue 5: schemas of the oa feature (being written).
export {};
