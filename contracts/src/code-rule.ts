// Issue 5: schemas of the code-rule feature (being written).
export {};
