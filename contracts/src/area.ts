// Issue 4: schemas of the area feature (being written).
export {};
