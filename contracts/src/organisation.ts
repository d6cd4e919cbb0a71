// Issue 4: schemas of the organisation feature (being written).
export {};
