// Issue 4: schemas of the tenant feature (being written).
export {};
