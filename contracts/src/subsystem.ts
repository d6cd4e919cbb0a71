// Issue 4: schemas of the subsystem feature (being written).
export {};
