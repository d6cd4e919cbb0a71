// TEMPORARY until contracts/src/dictionary.ts lands.
export interface DictionaryItem {
  F_ItemDetailId: string;
  F_ItemId: string;
  F_ParentId: string;
  F_ItemName: string;
  F_ItemValue: string;
  F_ItemCode: string;
  F_SortCode: number;
  F_EnabledMark: number;
  F_Description: string | null;
  children?: DictionaryItem[];
}
