/** Messages of stamps, e-signatures and delegations (issue 10). */
export const stampZhCN = {
  'stamp.placeholder': 'stamp',
} as const;

export const stampEn: Record<keyof typeof stampZhCN, string> = {
  'stamp.placeholder': 'stamp',
};
