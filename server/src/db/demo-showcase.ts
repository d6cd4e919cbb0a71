import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { md5Hex } from '../core/auth/password.js';
import type { Database } from '../core/db/schema.js';
import { DEFAULT_TENANT_ID } from './seed.js';

type ShowcaseDb = Kysely<Database>;

/**
 * The showcase: on the first start (right after the demo tenant was created) the product is filled the way a
 * realistic Chinese company would fill it — more staff, designed and published forms, published approval
 * processes, process instances in every state, news and notices, stamps, code rules and bilingual dictionaries.
 *
 * Everything goes through the app's own REST API (`app.inject`), signed in as the demo users, so every row is
 * exactly what the services and the workflow engine make: launches, approvals, rejections, recalls and the
 * recycle bin are the real actions. The data is in readable tables at the top; one small function per area.
 * Each area is independent where it can be: a failure is logged and the next area still runs.
 */

// ------------------------------------------------------------------ data

/** Dictionaries the demo lacks (codes not in dictionary/demo-data.ts): [value, 中文, English]. */
const NEW_DICTIONARIES: { code: string; name: string; items: [string, string, string][] }[] = [
  {
    code: 'LeaveType',
    name: '请假类型',
    items: [
      ['annual', '年假', 'Annual leave'],
      ['sick', '病假', 'Sick leave'],
      ['personal', '事假', 'Personal leave'],
      ['marriage', '婚假', 'Marriage leave'],
      ['maternity', '产假', 'Maternity leave'],
      ['compensatory', '调休', 'Compensatory leave'],
    ],
  },
  {
    code: 'ExpenseType',
    name: '费用类型',
    items: [
      ['travel', '差旅费', 'Travel'],
      ['transport', '交通费', 'Transport'],
      ['meal', '餐费', 'Meals'],
      ['entertainment', '业务招待费', 'Business entertainment'],
      ['office', '办公用品', 'Office supplies'],
      ['training', '培训费', 'Training'],
    ],
  },
  {
    code: 'PurchaseCategory',
    name: '采购类别',
    items: [
      ['it', 'IT设备', 'IT equipment'],
      ['office', '办公用品', 'Office supplies'],
      ['material', '生产物料', 'Production materials'],
      ['service', '服务采购', 'Services'],
    ],
  },
];

/** English names of the items dictionary/demo-data.ts already seeds (by dictionary code and value). */
const EXISTING_ITEM_ENGLISH: Record<string, Record<string, string>> = {
  CompanyNature: { group: 'Group', branch: 'Branch', subsidiary: 'Subsidiary' },
  DepartmentNature: { function: 'Functional department', business: 'Business department' },
  StampType: { official: 'Official seal', contract: 'Contract seal', finance: 'Finance seal', signature: 'Personal signature' },
  NewsCategory: { company: 'Company news', industry: 'Industry news', notice: 'Announcement' },
  FlowSort: { hr: 'HR', finance: 'Finance', admin: 'Administration' },
};

/** Extra staff: account, name, department code, post code, role code, gender (1 female as in the seed's wangwu). */
const STAFF: [account: string, name: string, department: string, post: string | null, role: 'manager' | 'staff', gender: 0 | 1][] = [
  ['zhoujun', '周军', 'GM', 'GM', 'manager', 0],
  ['heyan', '何燕', 'GM', null, 'staff', 1],
  ['sunli', '孙丽', 'HR', 'MGR', 'manager', 1],
  ['chenjing', '陈静', 'HR', null, 'staff', 1],
  ['qianhui', '钱慧', 'FIN', 'MGR', 'manager', 1],
  ['zhoumin', '周敏', 'FIN', 'ACC', 'staff', 1],
  ['wuqiang', '吴强', 'TECH', 'ENG', 'staff', 0],
  ['zhengyu', '郑宇', 'RD1', 'ENG', 'staff', 0],
  ['linfeng', '林峰', 'RD1', 'ENG', 'staff', 0],
  ['liuyang', '刘洋', 'PROD', 'MGR', 'manager', 0],
  ['huangli', '黄丽', 'PROD', null, 'staff', 1],
];

/** Code rules (编码规则): code, name, prefix, date format, sequence width, reset. */
const CODE_RULES: [code: string, name: string, prefix: string, date: 'yyyyMMdd' | 'yyyyMM' | 'yyyy', width: number, reset: 'day' | 'month' | 'year'][] = [
  ['LeaveNo', '请假单号', 'QJ', 'yyyyMMdd', 4, 'day'],
  ['ExpenseNo', '报销单号', 'BX', 'yyyyMMdd', 4, 'day'],
  ['PurchaseNo', '采购单号', 'CG', 'yyyyMM', 5, 'month'],
  ['ContractNo', '合同编号', 'HT-', 'yyyy', 5, 'year'],
  ['ProcessSerial', '流程流水号', 'WF', 'yyyyMMdd', 6, 'day'],
];

const NEWS: { head: string; category: string; author: string; source: string; content: string; attachment?: { name: string; text: string } }[] = [
  {
    head: '演示集团召开2026年度经营工作会议',
    category: 'company',
    author: '总经办',
    source: '演示集团',
    content:
      '<p>11月20日，演示集团在总部召开2026年度经营工作会议。总经理周军总结了全年经营情况，各部门负责人汇报了重点工作完成情况。</p>' +
      '<p>会议明确了明年“降本增效、数字化转型”的工作主线，要求各部门在12月底前完成年度预算编制。</p>',
    attachment: {
      name: '2026年度经营工作会议纪要.txt',
      text: '2026年度经营工作会议纪要\n\n时间：2026年11月20日 9:00\n地点：总部三楼大会议室\n参会：各部门负责人\n\n一、全年经营情况通报\n二、各部门重点工作汇报\n三、2027年工作部署：降本增效、数字化转型\n四、12月31日前完成年度预算编制\n',
    },
  },
  {
    head: '技术部审批平台二期顺利上线',
    category: 'company',
    author: '技术部',
    source: '演示集团',
    content:
      '<p>经过三个月的开发与测试，审批平台二期于本周正式上线，新增表单设计器、流程设计器与移动端审批。</p><p>请各部门同事通过“工作流程 › 发起流程”提交请假、报销、采购等申请。</p>',
  },
  {
    head: '行业观察：制造业数字化转型进入深水区',
    category: 'industry',
    author: '何燕',
    source: '行业动态',
    content: '<p>据行业协会统计，2026年规模以上制造企业中已有超过六成部署了协同办公与流程审批系统，低代码平台成为企业数字化的主要抓手。</p>',
  },
];

const NOTICES: { head: string; content: string }[] = [
  {
    head: '关于2027年元旦放假安排的通知',
    content: '<p>根据国家规定，2027年元旦放假时间为1月1日至1月3日，共3天。请各部门提前做好工作安排，节假日期间注意安全。</p>',
  },
  {
    head: '关于规范费用报销流程的通知',
    content: '<p>自12月1日起，所有费用报销一律通过审批平台“费用报销”流程提交，单笔金额超过5000元需总经理审批，超过20000元需总经理与财务经理会签。</p>',
  },
  { head: '年度体检安排', content: '<p>公司将于12月10日至12月20日组织全员年度体检，请各位同事在人力资源部处预约体检时间。</p>' },
];

/** Personal signatures (the approval screen's e-signature), each added by the user himself. */
const SIGNATURES = ['admin', 'lisi', 'zhangsan', 'wangwu', 'zhoujun', 'qianhui'];
/** Company stamps added by the administrator: name, StampType value, members, default. */
const COMPANY_STAMPS: [name: string, type: string, members: string[], isDefault: boolean][] = [
  ['演示集团有限公司公章', 'official', ['admin', 'zhoujun'], true],
  ['财务专用章', 'finance', ['wangwu', 'qianhui', 'zhoumin'], false],
  ['合同专用章', 'contract', ['zhoujun', 'lisi'], false],
];
const STAMP_PASSWORD = '123456';

type Values = Record<string, unknown>;
type Step = ['agree' | 'reject', string, string] | ['recall'] | ['recycle'];
type SchemeKey = 'leave' | 'expense' | 'purchase';

/** Process instances: who launches which process with what, then what happens to it. */
const INSTANCES: { scheme: SchemeKey; starter: string; data: Values; steps: Step[] }[] = [
  // 请假申请: ≤3 days the department manager only, >3 days then the general manager.
  { scheme: 'leave', starter: 'zhangsan', data: leave('annual', '2026-12-21', '2026-12-25', 5, '年底回老家探亲，工作已交接给郑宇。'), steps: [] },
  { scheme: 'leave', starter: 'wangwu', data: leave('annual', '2026-12-07', '2026-12-09', 3, '家中有事，需回家处理。'), steps: [] },
  {
    scheme: 'leave',
    starter: 'zhengyu',
    data: leave('sick', '2026-11-16', '2026-11-16', 1, '感冒发烧，医院就诊（附病历）。'),
    steps: [['agree', 'lisi', '同意，注意休息。']],
  },
  {
    scheme: 'leave',
    starter: 'wuqiang',
    data: leave('personal', '2026-12-14', '2026-12-17', 4, '新房装修验收，需请假处理。'),
    steps: [['agree', 'lisi', '同意，请安排好工作交接。']],
  },
  {
    scheme: 'leave',
    starter: 'chenjing',
    data: leave('marriage', '2026-12-01', '2026-12-10', 10, '本人结婚，申请婚假。'),
    steps: [
      ['agree', 'lisi', '恭喜！同意。'],
      ['agree', 'zhoujun', '同意，新婚快乐。'],
    ],
  },
  {
    scheme: 'leave',
    starter: 'linfeng',
    data: leave('personal', '2026-11-30', '2026-12-01', 2, '个人事务。'),
    steps: [['reject', 'lisi', '项目上线期间，请调整请假时间后重新提交。']],
  },
  { scheme: 'leave', starter: 'huangli', data: leave('compensatory', '2026-11-27', '2026-11-27', 1, '周末加班调休。'), steps: [['recall'], ['recycle']] },
  // 费用报销: department manager, finance; >5000 the general manager, >20000 general manager and finance manager countersign.
  {
    scheme: 'expense',
    starter: 'zhangsan',
    data: expense(
      '上海客户现场出差报销',
      'travel',
      [
        ['高铁票 北京-上海往返', 'transport', 1106],
        ['酒店住宿 3晚', 'travel', 1350],
        ['出差餐补', 'meal', 300],
      ],
      '客户现场部署',
    ),
    steps: [
      ['agree', 'lisi', '情况属实，同意。'],
      ['agree', 'wangwu', '票据齐全，同意报销。'],
    ],
  },
  {
    scheme: 'expense',
    starter: 'wuqiang',
    data: expense(
      '重点客户接待费用',
      'entertainment',
      [
        ['客户晚宴', 'entertainment', 6200],
        ['会议茶歇', 'meal', 680],
        ['客户接送用车', 'transport', 1720],
      ],
      '华东区重点客户来访',
    ),
    steps: [['agree', 'lisi', '同意。']],
  },
  {
    scheme: 'expense',
    starter: 'liuyang',
    data: expense(
      '生产线设备年度维保费用',
      'office',
      [
        ['设备维保服务费', 'office', 18800],
        ['更换备品备件', 'office', 8000],
      ],
      '年度维保合同第二期',
    ),
    steps: [
      ['agree', 'lisi', '同意。'],
      ['agree', 'wangwu', '预算内，同意。'],
      ['agree', 'zhoujun', '同意，请控制明年维保成本。'],
    ],
  },
  {
    scheme: 'expense',
    starter: 'heyan',
    data: expense(
      '部门办公用品采购报销',
      'office',
      [
        ['打印纸 A4 10箱', 'office', 1150],
        ['文件夹与文具', 'office', 350],
      ],
      '',
    ),
    steps: [
      ['agree', 'lisi', '同意。'],
      ['reject', 'wangwu', '发票抬头与公司名称不符，请重新开具后提交。'],
    ],
  },
  { scheme: 'expense', starter: 'zhengyu', data: expense('技术培训费用', 'training', [['前端架构培训课程', 'training', 2800]], ''), steps: [['recall']] },
  // 采购申请: department manager, then the finance department.
  {
    scheme: 'purchase',
    starter: 'zhangsan',
    data: purchase('研发用笔记本电脑采购', 'it', '京东企业购', [['ThinkPad X1 Carbon', 'i7/32G/1T', 3, 8999]], '研发一组新入职工程师用机', '2026-12-10'),
    steps: [['agree', 'lisi', '同意采购。']],
  },
  {
    scheme: 'purchase',
    starter: 'liuyang',
    data: purchase(
      '生产线耗材采购',
      'material',
      '苏州恒力工业品有限公司',
      [
        ['工业润滑油', '18L/桶', 10, 420],
        ['防护手套', '12副/打', 50, 36],
      ],
      '12月生产计划所需',
      '2026-12-05',
    ),
    steps: [
      ['agree', 'lisi', '同意。'],
      ['agree', 'qianhui', '预算内，同意。'],
    ],
  },
  {
    scheme: 'purchase',
    starter: 'huangli',
    data: purchase('劳保用品采购', 'material', '苏州恒力工业品有限公司', [['安全帽', '国标', 20, 45]], '新员工入职配发', '2026-11-20'),
    steps: [['agree', 'lisi', '同意。'], ['agree', 'zhoumin', '同意。'], ['recycle']],
  },
  {
    scheme: 'purchase',
    starter: 'heyan',
    data: purchase('会议室人体工学椅', 'office', '上海优品家具有限公司', [['人体工学椅', '黑色网布', 12, 1280]], '大会议室座椅更换', '2026-12-15'),
    steps: [],
  },
];

/** Drafts (saved, not launched). */
const DRAFTS: { scheme: SchemeKey; starter: string; name: string; data: Values }[] = [
  {
    scheme: 'expense',
    starter: 'zhangsan',
    name: '11月市内交通费报销（草稿）',
    data: expense('11月市内交通费', 'transport', [['出租车 客户拜访', 'transport', 86]], ''),
  },
  {
    scheme: 'purchase',
    starter: 'linfeng',
    name: '4K显示器采购（草稿）',
    data: purchase('4K显示器采购', 'it', '', [['27英寸4K显示器', 'U2723QE', 2, 3599]], '开发调试用', '2026-12-20'),
  },
  { scheme: 'leave', starter: 'lisi', name: '年假申请（草稿）', data: leave('annual', '2027-01-04', '2027-01-06', 3, '') },
];

function leave(type: string, start: string, end: string, days: number, reason: string): Values {
  return { leave_type: type, start_date: start, end_date: end, days: String(days), reason };
}

function expense(title: string, type: string, items: [string, string, number][], remark: string): Values {
  const total = items.reduce((sum, [, , amount]) => sum + amount, 0);
  return {
    title,
    expense_type: type,
    expense_date: '2026-11-18',
    items: items.map(([desc, itemType, amount]) => ({ item_desc: desc, item_type: itemType, item_amount: amount.toFixed(2) })),
    amount: total.toFixed(2),
    remark,
  };
}

function purchase(title: string, category: string, supplier: string, items: [string, string, number, number][], reason: string, expected: string): Values {
  const total = items.reduce((sum, [, , qty, price]) => sum + qty * price, 0);
  return {
    title,
    category,
    supplier,
    expected_date: expected,
    items: items.map(([name, spec, qty, price]) => ({
      goods_name: name,
      goods_spec: spec,
      quantity: String(qty),
      unit_price: price.toFixed(2),
      subtotal: (qty * price).toFixed(2),
    })),
    amount: total.toFixed(2),
    reason,
  };
}

// ------------------------------------------------------------------ API calls

interface Api {
  call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown): Promise<T>;
  login(account: string): Promise<string>;
  /** Signs every account out again, so the seeding leaves no sessions behind (none shows as online). */
  logoutAll(): Promise<void>;
  upload(token: string, purpose: string, filename: string, content: Buffer, contentType: string): Promise<{ FolderId: string; FileIds: string[] }>;
}

function apiOf(app: FastifyInstance, password: string): Api {
  const tokens = new Map<string, string>();
  const envelope = <T>(method: string, url: string, res: { statusCode: number; body: string }): T => {
    let body: { code?: number; data?: unknown; msg?: string };
    try {
      body = JSON.parse(res.body) as typeof body;
    } catch {
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    if (body.code !== 0) throw new Error(`${method} ${url}: ${res.statusCode} ${body.msg ?? ''}`);
    return body.data as T;
  };
  const api: Api = {
    async call(method, url, token, body) {
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
      return envelope(method, url, res);
    },
    async login(account) {
      const known = tokens.get(account);
      if (known) return known;
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { account, password: md5Hex(password), code: '' } });
      const token = envelope<{ Token: string }>('POST', `/api/login (${account})`, res).Token;
      tokens.set(account, token);
      return token;
    },
    async logoutAll() {
      for (const [account, token] of tokens) {
        await app.inject({ method: 'POST', url: '/api/user/logout', headers: { authorization: `Bearer ${token}` } });
        tokens.delete(account);
      }
    },
    async upload(token, purpose, filename, content, contentType) {
      const boundary = `----showcase${randomBytes(12).toString('hex')}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="remark"\r\n\r\n\r\n--${boundary}--\r\n`),
      ]);
      const url = `/api/upload?purpose=${purpose}`;
      const res = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      return envelope('POST', url, res);
    },
  };
  return api;
}

// ------------------------------------------------------------------ images

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** An RGBA PNG whose pixel (x, y) is `paint(x, y)` ([r, g, b, a]). */
function png(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) raw.set(paint(x, y), row + 1 + x * 4);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A red round seal with a star in the middle (160 × 160). */
function sealPng(): Buffer {
  const c = 80;
  return png(160, 160, (x, y) => {
    const r = Math.hypot(x - c, y - c);
    const angle = Math.atan2(y - c, x - c);
    const starRadius = 22 + 14 * Math.cos(5 * (angle + Math.PI / 2));
    const red: [number, number, number, number] = [214, 40, 40, 235];
    if ((r > 70 && r < 77) || r < starRadius) return red;
    return [255, 255, 255, 0];
  });
}

/** A handwritten-looking stroke (80 × 50, the size the stamp service requires for a signature). */
function signaturePng(seed: number): Buffer {
  return png(80, 50, (x, y) => {
    const curve = 25 + 12 * Math.sin((x + seed * 7) / 7) * Math.cos((x + seed) / 19);
    const loop = 25 + 8 * Math.cos((x + seed * 3) / 4);
    const ink: [number, number, number, number] = [20, 20, 60, 255];
    if (x > 6 && x < 74 && (Math.abs(y - curve) < 1.6 || (x > 20 && x < 46 && Math.abs(y - loop) < 1.2))) return ink;
    return [255, 255, 255, 0];
  });
}

// ------------------------------------------------------------------ areas

interface Context {
  api: Api;
  db: ShowcaseDb;
  admin: string;
  /** account → user id (demo and showcase users). */
  users: Record<string, string>;
  names: Record<string, string>;
  departments: Record<string, string>;
  posts: Record<string, string>;
  roles: Record<string, string>;
  forms: Partial<Record<SchemeKey, string>>;
  schemes: Partial<Record<SchemeKey, string>>;
  counts: Record<string, number>;
}

/** Users through the API; departments, posts and roles by their codes (the seed's) from the database handle. */
async function lookups(ctx: Context, db: ShowcaseDb): Promise<void> {
  const users = await ctx.api.call<{ Rows: { F_UserId: string; F_Account: string; F_RealName: string }[] }>(
    'GET',
    '/api/users/page?limit=1&size=500',
    ctx.admin,
  );
  for (const u of users.Rows) {
    ctx.users[u.F_Account] = u.F_UserId;
    ctx.names[u.F_Account] = u.F_RealName;
  }
  const tenant = DEFAULT_TENANT_ID;
  for (const r of await db.selectFrom('departments').select(['id', 'en_code', 'company_id']).where('tenant_id', '=', tenant).execute()) {
    ctx.departments[r.en_code] = r.id;
    ctx.departments[`company:${r.en_code}`] = r.company_id;
  }
  for (const r of await db.selectFrom('posts').select(['id', 'en_code']).where('tenant_id', '=', tenant).execute()) ctx.posts[r.en_code] = r.id;
  for (const r of await db.selectFrom('roles').select(['id', 'en_code']).where('tenant_id', '=', tenant).execute()) ctx.roles[r.en_code] = r.id;
}

async function seedDictionaries(ctx: Context): Promise<void> {
  const { api, admin } = ctx;
  for (const [index, dict] of NEW_DICTIONARIES.entries()) {
    const { id: typeId } = await api.call<{ id: string }>('POST', '/api/data-items', admin, {
      F_ItemCode: dict.code,
      F_ItemName: dict.name,
      F_SortCode: 10 + index,
    });
    for (const [sort, [value, zh, en]] of dict.items.entries()) {
      const { id } = await api.call<{ id: string }>('POST', '/api/data-item-detail', admin, {
        F_ItemId: typeId,
        F_ItemName: zh,
        F_ItemValue: value,
        F_ItemCode: value,
        F_SortCode: sort,
      });
      await api.call('POST', '/api/lp-map/object', admin, { F_ObjectType: 'dataItem', F_ObjectId: id, F_Code: value, F_Name: zh, translations: { en } });
      ctx.counts.dictionaryItems = (ctx.counts.dictionaryItems ?? 0) + 1;
    }
    ctx.counts.dictionaries = (ctx.counts.dictionaries ?? 0) + 1;
  }
  // English for the items the first start already made.
  for (const [code, items] of Object.entries(EXISTING_ITEM_ENGLISH)) {
    const rows = await api.call<{ F_ItemDetailId: string; F_ItemValue: string; F_ItemName: string }[]>('GET', `/api/data-items/${code}/detail`, admin);
    for (const row of rows) {
      const en = items[row.F_ItemValue];
      if (!en) continue;
      await api.call('POST', '/api/lp-map/object', admin, {
        F_ObjectType: 'dataItem',
        F_ObjectId: row.F_ItemDetailId,
        F_Code: row.F_ItemValue,
        F_Name: row.F_ItemName,
        translations: { en },
      });
      ctx.counts.translations = (ctx.counts.translations ?? 0) + 1;
    }
  }
}

async function seedStaff(ctx: Context, password: string): Promise<void> {
  const { api, admin } = ctx;
  for (const [index, [account, name, department, post, role, gender]] of STAFF.entries()) {
    const { id } = await api.call<{ id: string }>('POST', '/api/users', admin, {
      F_Account: account,
      F_Password: md5Hex(password),
      F_RealName: name,
      F_Gender: gender,
      F_Mobile: `1391000${String(index + 1).padStart(4, '0')}`,
      F_Email: `${account}@example.com`,
      F_CompanyId: ctx.departments[`company:${department}`] ?? null,
      F_Description: '',
      departmentIds: [ctx.departments[department]!],
      roleIds: [ctx.roles[role]!],
      postIds: post ? [ctx.posts[post]!] : [],
    });
    ctx.users[account] = id;
    ctx.names[account] = name;
  }
  ctx.counts.users = STAFF.length;
}

async function seedCodeRules(ctx: Context): Promise<void> {
  for (const [code, name, prefix, date, width, reset] of CODE_RULES) {
    await ctx.api.call('POST', '/api/code-rules', ctx.admin, {
      F_EnCode: code,
      F_FullName: name,
      F_Description: `${name}：${prefix} + 日期 + ${width} 位流水号`,
      parts: [
        { type: 'text', value: prefix },
        { type: 'date', format: date },
        { type: 'sequence', width, start: 1, step: 1, reset },
      ],
    });
  }
  ctx.counts.codeRules = CODE_RULES.length;
}

// ---- forms

type Field = Values;
const field = (formId: number, vModel: string, avueType: string, label: string, table: string, extra: Values = {}, config: Values = {}): Field => ({
  __vModel__: vModel,
  placeholder: '',
  ...extra,
  __config__: { formId, avueType, label, bindTable: table, span: 24, ...config },
});
const dictSelect = (formId: number, vModel: string, label: string, table: string, code: string, span = 12): Field =>
  field(formId, vModel, 'select', label, table, { clearable: true }, { dataType: 'dataItem', dataItem: code, required: true, span });
const dateField = (formId: number, vModel: string, label: string, table: string, required = true): Field =>
  field(formId, vModel, 'date', label, table, { type: 'date', 'value-format': 'yyyy-MM-dd', format: 'yyyy-MM-dd' }, { required, span: 12 });
const subTable = (formId: number, vModel: string, label: string, table: string, children: Field[]): Field => ({
  __vModel__: vModel,
  __config__: { formId, avueType: 'table', componentName: 'table', label, layout: 'rowFormItem', bindTable: table, showSummary: true, children },
});

const FORMS: Record<
  SchemeKey,
  { name: string; category: string; description: string; main: string; sub?: string; relation?: string; data: Field[]; columns: [string, string][] }
> = {
  leave: {
    name: '请假申请',
    category: 'hr',
    description: '员工请假：类型、起止日期、天数与事由',
    main: 'demo_leave',
    data: [
      dictSelect(1, 'leave_type', '请假类型', 'demo_leave', 'LeaveType', 24),
      dateField(2, 'start_date', '开始日期', 'demo_leave'),
      dateField(3, 'end_date', '结束日期', 'demo_leave'),
      field(4, 'days', 'number', '请假天数', 'demo_leave', { min: 0.5, max: 365, precision: 1, step: 0.5 }, { required: true, span: 12 }),
      field(5, 'reason', 'textarea', '请假事由', 'demo_leave', { maxlength: 500 }, { required: true }),
    ],
    columns: [
      ['leave_type', '请假类型'],
      ['start_date', '开始日期'],
      ['end_date', '结束日期'],
      ['days', '天数'],
      ['reason', '事由'],
    ],
  },
  expense: {
    name: '费用报销',
    category: 'finance',
    description: '费用报销：明细子表，合计金额显示大写',
    main: 'demo_expense',
    sub: 'demo_expense_item',
    relation: 'F_ExpenseId',
    data: [
      field(1, 'title', 'input', '报销事由', 'demo_expense', { maxlength: 100 }, { required: true }),
      dictSelect(2, 'expense_type', '费用类型', 'demo_expense', 'ExpenseType'),
      dateField(3, 'expense_date', '发生日期', 'demo_expense'),
      subTable(4, 'items', '报销明细', 'demo_expense_item', [
        field(5, 'item_desc', 'input', '费用说明', 'demo_expense_item', {}, { required: true }),
        field(6, 'item_type', 'select', '费用类型', 'demo_expense_item', {}, { dataType: 'dataItem', dataItem: 'ExpenseType' }),
        field(7, 'item_amount', 'number', '金额（元）', 'demo_expense_item', { min: 0, precision: 2 }, { required: true }),
      ]),
      field(8, 'amount', 'number', '报销总额（元）', 'demo_expense', { min: 0, precision: 2 }, { required: true, showCapitalizedValue: true, span: 12 }),
      field(9, 'remark', 'textarea', '备注', 'demo_expense', { maxlength: 500 }),
    ],
    columns: [
      ['title', '报销事由'],
      ['expense_type', '费用类型'],
      ['amount', '报销总额'],
      ['expense_date', '发生日期'],
    ],
  },
  purchase: {
    name: '采购申请',
    category: 'admin',
    description: '采购申请：采购明细、供应商与金额',
    main: 'demo_purchase',
    sub: 'demo_purchase_item',
    relation: 'F_PurchaseId',
    data: [
      field(1, 'title', 'input', '采购事项', 'demo_purchase', { maxlength: 100 }, { required: true }),
      dictSelect(2, 'category', '采购类别', 'demo_purchase', 'PurchaseCategory'),
      field(3, 'supplier', 'input', '供应商', 'demo_purchase', { maxlength: 100 }, { span: 12 }),
      dateField(4, 'expected_date', '期望到货日期', 'demo_purchase', false),
      subTable(5, 'items', '采购明细', 'demo_purchase_item', [
        field(6, 'goods_name', 'input', '物品名称', 'demo_purchase_item', {}, { required: true }),
        field(7, 'goods_spec', 'input', '规格型号', 'demo_purchase_item'),
        field(8, 'quantity', 'number', '数量', 'demo_purchase_item', { min: 1, precision: 0 }, { required: true }),
        field(9, 'unit_price', 'number', '单价（元）', 'demo_purchase_item', { min: 0, precision: 2 }, { required: true }),
        field(10, 'subtotal', 'computation', '小计（元）', 'demo_purchase_item', {
          computationalConfiguration: [{ formId: 8 }, { formId: 0, name: '*' }, { formId: 9 }],
        }),
      ]),
      field(11, 'amount', 'number', '采购总额（元）', 'demo_purchase', { min: 0, precision: 2 }, { required: true, showCapitalizedValue: true, span: 12 }),
      field(12, 'reason', 'textarea', '采购理由', 'demo_purchase', { maxlength: 500 }),
    ],
    columns: [
      ['title', '采购事项'],
      ['category', '采购类别'],
      ['supplier', '供应商'],
      ['amount', '采购总额'],
    ],
  },
};

async function seedForms(ctx: Context): Promise<void> {
  for (const [index, [key, form]] of (Object.entries(FORMS) as [SchemeKey, (typeof FORMS)[SchemeKey]][]).entries()) {
    const tableInfo = [
      { dbId: 'local', name: form.main, comment: form.name, type: 'main' },
      ...(form.sub ? [{ dbId: 'local', name: form.sub, comment: `${form.name}明细`, type: 'sub', relationField: form.relation }] : []),
    ];
    const saved = await ctx.api.call<{ F_Id: string }>('POST', '/api/form-scheme/customtable', ctx.admin, {
      F_Name: form.name,
      F_Type: 0,
      F_Category: form.category,
      F_Description: form.description,
      F_SortCode: index,
      F_Scheme: { data: form.data, formConf: { labelWidth: 110, labelPosition: 'right', gutter: 15, size: 'medium' } },
      tableInfo,
    });
    ctx.forms[key] = saved.F_Id;
    ctx.counts.forms = (ctx.counts.forms ?? 0) + 1;
    // Published as a page of 业务表单 (a menu entry with its list, buttons and columns).
    await ctx.api.call('POST', '/api/form-relation', ctx.admin, {
      F_Name: form.name,
      F_FormId: saved.F_Id,
      F_SortCode: index,
      F_Description: form.description,
      F_Setting: {
        columns: form.columns.map(([name, label]) => ({ field: name, label })),
        queryFields: [{ field: form.columns[0]![0] }],
        buttons: ['add', 'edit', 'view', 'delete', 'print', 'export'],
      },
    });
    ctx.counts.formPages = (ctx.counts.formPages ?? 0) + 1;
  }
}

// ---- processes

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const config = (value: unknown) => `<bpmn:extensionElements><wf:config>${esc(JSON.stringify(value))}</wf:config></bpmn:extensionElements>`;
type Candidate = { type: string; ids: string[]; names: string[] };
const approval = (id: string, name: string, candidates: Candidate[], extra: Values = {}, countersign = false) =>
  `<bpmn:userTask id="${id}" name="${name}">${config({ candidates, ...extra })}${countersign ? '<bpmn:multiInstanceLoopCharacteristics />' : ''}</bpmn:userTask>`;
const flow = (id: string, from: string, to: string, name = '', condition?: string) =>
  `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"${name ? ` name="${name}"` : ''}>${condition ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${esc(condition)}</bpmn:conditionExpression>` : ''}</bpmn:sequenceFlow>`;
const definitions = (id: string, name: string, body: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
  'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  `xmlns:wf="http://approval-platform.dev/schema/wf" id="Definitions_${id}" targetNamespace="http://approval-platform.dev/bpmn">` +
  `<bpmn:process id="${id}" name="${name}" isExecutable="true">${config({ titleTemplate: '{schemeName}-{starter}-{date}-{serial}' })}${body}</bpmn:process></bpmn:definitions>`;

function processXml(ctx: Context, key: SchemeKey): string {
  const user = (...accounts: string[]): Candidate => ({ type: 'user', ids: accounts.map((a) => ctx.users[a]!), names: accounts.map((a) => ctx.names[a]!) });
  const manager = user('lisi');
  const generalManager: Candidate = { type: 'post', ids: [ctx.posts.GM!], names: ['总经理'] };
  const finance: Candidate = { type: 'department', ids: [ctx.departments.FIN!], names: ['财务部'] };
  const start = '<bpmn:startEvent id="start" name="发起申请" />';
  const end = '<bpmn:endEvent id="end" name="结束" />';
  if (key === 'leave') {
    return definitions(
      'leave_apply',
      '请假申请',
      start +
        approval('dept_manager', '部门经理审批', [manager]) +
        '<bpmn:exclusiveGateway id="gw_days" name="请假天数" default="f_short" />' +
        approval('general_manager', '总经理审批', [generalManager]) +
        end +
        flow('f_start', 'start', 'dept_manager') +
        flow('f_gw', 'dept_manager', 'gw_days') +
        flow('f_long', 'gw_days', 'general_manager', '大于3天', '${days > 3}') +
        flow('f_short', 'gw_days', 'end', '3天及以内') +
        flow('f_gm_end', 'general_manager', 'end'),
    );
  }
  if (key === 'expense') {
    return definitions(
      'expense_claim',
      '费用报销',
      start +
        approval('dept_manager', '部门经理审批', [manager]) +
        approval('finance_review', '财务审核', [user('wangwu', 'qianhui')]) +
        '<bpmn:exclusiveGateway id="gw_amount" name="报销金额" default="f_small" />' +
        approval('general_manager', '总经理审批', [generalManager]) +
        approval('countersign', '总经理与财务经理会签', [user('zhoujun', 'qianhui')], { completion: 'all', signation: true }, true) +
        end +
        flow('f_start', 'start', 'dept_manager') +
        flow('f_fin', 'dept_manager', 'finance_review') +
        flow('f_gw', 'finance_review', 'gw_amount') +
        flow('f_small', 'gw_amount', 'end', '5000元及以下') +
        flow('f_medium', 'gw_amount', 'general_manager', '5000～20000元', '${amount > 5000 && amount <= 20000}') +
        flow('f_large', 'gw_amount', 'countersign', '20000元以上', '${amount > 20000}') +
        flow('f_gm_end', 'general_manager', 'end') +
        flow('f_cs_end', 'countersign', 'end'),
    );
  }
  return definitions(
    'purchase_apply',
    '采购申请',
    start +
      approval('dept_manager', '部门经理审批', [manager]) +
      approval('finance_dept', '财务部审批', [finance]) +
      end +
      flow('f_start', 'start', 'dept_manager') +
      flow('f_fin', 'dept_manager', 'finance_dept') +
      flow('f_end', 'finance_dept', 'end'),
  );
}

const SCHEMES: Record<SchemeKey, { code: string; name: string; category: string; icon: string; description: string }> = {
  leave: { code: 'LeaveApply', name: '请假申请', category: 'hr', icon: 'CalendarOutlined', description: '3天及以内部门经理审批，超过3天再由总经理审批' },
  expense: {
    code: 'ExpenseClaim',
    name: '费用报销',
    category: 'finance',
    icon: 'AccountBookOutlined',
    description: '部门经理、财务审核；5000元以上总经理审批，20000元以上总经理与财务经理会签',
  },
  purchase: { code: 'PurchaseApply', name: '采购申请', category: 'admin', icon: 'ShoppingCartOutlined', description: '部门经理审批后由财务部审批' },
};

async function seedSchemes(ctx: Context): Promise<void> {
  for (const [index, key] of (['leave', 'expense', 'purchase'] as const).entries()) {
    const scheme = SCHEMES[key];
    const formId = ctx.forms[key];
    if (!formId) continue;
    const saved = await ctx.api.call<{ F_Id: string }>('POST', '/api/workflow-scheme-info', ctx.admin, {
      F_Code: scheme.code,
      F_Name: scheme.name,
      F_Category: scheme.category,
      F_Icon: scheme.icon,
      F_Description: scheme.description,
      F_Sort: index,
      xml: processXml(ctx, key),
      forms: [{ F_FormId: formId, F_Type: 0, F_Name: FORMS[key].name }],
      publish: true,
    });
    ctx.schemes[key] = saved.F_Id;
    ctx.counts.schemes = (ctx.counts.schemes ?? 0) + 1;
  }
}

async function taskOf(ctx: Context, account: string, instanceId: string): Promise<string> {
  const token = await ctx.api.login(account);
  const list = await ctx.api.call<{ Rows: { taskId: string; processInstanceId: string }[] }>('GET', '/api/workflow-task/upcoming-task?page=1&size=200', token);
  const row = list.Rows.find((r) => r.processInstanceId === instanceId);
  if (!row) throw new Error(`${account} has no task of instance ${instanceId}`);
  return row.taskId;
}

async function seedInstances(ctx: Context): Promise<void> {
  // Everyone taking part signs in first, side by side (password hashing is the slow part of a sign-in).
  const accounts = new Set([
    ...INSTANCES.flatMap((i) => [i.starter, ...i.steps.flatMap((s) => (s.length === 3 ? [s[1]] : []))]),
    ...DRAFTS.map((d) => d.starter),
    ...SIGNATURES,
  ]);
  await Promise.all([...accounts].map((account) => ctx.api.login(account)));
  for (const item of INSTANCES) {
    const schemeId = ctx.schemes[item.scheme];
    const formId = ctx.forms[item.scheme];
    if (!schemeId || !formId) continue;
    const starter = await ctx.api.login(item.starter);
    const launched = await ctx.api.call<{ retCode: number; processInstanceId: string }>('POST', '/api/workflow-task/create-process', starter, {
      schemeId,
      formValue: [{ F_FormId: formId, F_Type: 0, formData: item.data }],
    });
    const id = launched.processInstanceId;
    for (const step of item.steps) {
      if (step[0] === 'recall') {
        await ctx.api.call('POST', '/api/workflow-task/recall-process', starter, { processInstanceId: id });
      } else if (step[0] === 'recycle') {
        await ctx.api.call('DELETE', `/api/workflow-task/to-recyclebin/${id}`, starter);
      } else {
        const [action, account, message] = step;
        const token = await ctx.api.login(account);
        const taskId = await taskOf(ctx, account, id);
        await ctx.api.call('POST', '/api/workflow-task/task-handle', token, {
          taskId,
          btnValue: action === 'agree' ? 'agree_' : 'reject_',
          message,
          ...(action === 'reject' ? { rejectNodeId: 'start' } : {}),
        });
      }
    }
    ctx.counts.instances = (ctx.counts.instances ?? 0) + 1;
  }
  // What the engine made of them (running includes the ones rejected back to their applicant).
  for (const row of await ctx.db.selectFrom('wf_instances').select(['state', 'recycled_at']).where('tenant_id', '=', DEFAULT_TENANT_ID).execute()) {
    const key = `instances.${row.recycled_at ? 'recycleBin' : row.state}`;
    ctx.counts[key] = (ctx.counts[key] ?? 0) + 1;
  }
  for (const draft of DRAFTS) {
    const schemeId = ctx.schemes[draft.scheme];
    const formId = ctx.forms[draft.scheme];
    if (!schemeId || !formId) continue;
    const token = await ctx.api.login(draft.starter);
    await ctx.api.call('POST', '/api/workflow-task/saveOrEditTempfiledInfo', token, {
      schemeId,
      name: draft.name,
      formValue: [{ F_FormId: formId, F_Type: 0, formData: draft.data }],
    });
    ctx.counts.drafts = (ctx.counts.drafts ?? 0) + 1;
  }
}

// ---- office automation

async function seedNews(ctx: Context): Promise<void> {
  const { api, admin } = ctx;
  for (const [index, item] of NEWS.entries()) {
    let folderId: string | null = null;
    if (item.attachment) {
      const uploaded = await api.upload(admin, 'news', item.attachment.name, Buffer.from(item.attachment.text), 'text/plain');
      folderId = uploaded.FolderId;
      ctx.counts.attachments = (ctx.counts.attachments ?? 0) + uploaded.FileIds.length;
    }
    const { F_NewsId: id } = await api.call<{ F_NewsId: string }>('POST', '/api/news', admin, {
      F_TypeId: 1,
      F_CategoryId: item.category,
      F_FullHead: item.head,
      F_AuthorName: item.author,
      F_CompileName: '何燕',
      F_SourceName: item.source,
      F_ReleaseTime: `2026-11-${String(20 + index).padStart(2, '0')} 09:00:00`,
      F_NewsContent: item.content,
      F_FolderId: folderId,
    });
    await api.call('PUT', `/api/news/changeStatus?id=${id}&status=1`, admin);
    ctx.counts.news = (ctx.counts.news ?? 0) + 1;
  }
  for (const [index, notice] of NOTICES.entries()) {
    await api.call('POST', '/api/notice', admin, {
      F_FullHead: notice.head,
      F_Content: notice.content,
      F_SendTime: `2026-11-${String(23 + index).padStart(2, '0')} 10:00:00`,
      F_EnabledMark: 1,
    });
    ctx.counts.notices = (ctx.counts.notices ?? 0) + 1;
  }
}

async function seedStamps(ctx: Context): Promise<void> {
  const { api, admin } = ctx;
  for (const [index, account] of SIGNATURES.entries()) {
    const token = await api.login(account);
    await api.call('POST', '/api/stamps', token, {
      F_StampName: `${ctx.names[account]}的签名`,
      F_StampType: 'signature',
      F_Password: STAMP_PASSWORD,
      F_File_Type: 2,
      F_File: `data:image/png;base64,${signaturePng(index + 1).toString('base64')}`,
      F_Sort: index,
      F_Description: '个人手写签名',
    });
    ctx.counts.stamps = (ctx.counts.stamps ?? 0) + 1;
  }
  const seal = sealPng();
  for (const [index, [name, type, members, isDefault]] of COMPANY_STAMPS.entries()) {
    const uploaded = await api.upload(admin, 'stamp', `${name}.png`, seal, 'image/png');
    const { F_StampId: id } = await api.call<{ F_StampId: string }>('POST', '/api/stamps', admin, {
      F_StampName: name,
      F_StampType: type,
      F_Password: STAMP_PASSWORD,
      F_File_Type: 1,
      F_File: uploaded.FileIds[0],
      F_Sort: 10 + index,
      F_Description: '公司印章，使用需输入印章密码',
      ...(isDefault ? { F_StampAttributes: '1' } : {}),
    });
    await api.call('PUT', `/api/stamps/${id}/member`, admin, { userIds: [...new Set([ctx.users.admin!, ...members.map((m) => ctx.users[m]!)])] });
    ctx.counts.stamps = (ctx.counts.stamps ?? 0) + 1;
  }
}

/** Housekeeping a new administrator expects to find running, and a health check whose log fills as the demo runs. */
async function seedScheduledTasks(ctx: Context): Promise<void> {
  const { api, admin } = ctx;
  const tasks = [
    {
      F_Name: '清理 90 天以前的日志',
      F_Type: 'clearLogs',
      F_Config: { keepDays: 90 },
      F_ScheduleType: 'cron',
      F_Cron: '0 0 2 * * *',
      F_Description: '每天 02:00 删除操作、异常和登录日志中 90 天以前的记录',
    },
    {
      F_Name: '清空回收站（30 天）',
      F_Type: 'clearFileTrash',
      F_Config: { keepDays: 30 },
      F_ScheduleType: 'cron',
      F_Cron: '0 30 2 * * *',
      F_Description: '每天 02:30 彻底删除回收站里放了 30 天以上的文件',
    },
    {
      F_Name: '数据库连通性检查',
      F_Type: 'sql',
      F_Config: { dbLinkId: DEFAULT_LINK_ID, sql: 'select now() as 检查时间' },
      F_ScheduleType: 'interval',
      F_IntervalSeconds: 600,
      F_Description: '每 10 分钟读一次平台数据库，失败 3 次通知管理员',
    },
  ];
  for (const task of tasks) {
    const { F_Id: id } = await api.call<{ F_Id: string }>('POST', '/api/task-scheduling', admin, {
      ...task,
      F_EnabledMark: 1,
      F_AlertUserIds: [ctx.users.admin!],
    });
    if (task.F_Type === 'sql') await api.call('POST', `/api/task-scheduling/${id}/run`, admin);
    ctx.counts.scheduledTasks = (ctx.counts.scheduledTasks ?? 0) + 1;
  }
}

// ------------------------------------------------------------------ reports

const SALES_REGIONS = ['华东', '华南', '华北', '西南'];
const SALES_PRODUCTS = ['智能门锁', '空气净化器', '扫地机器人'];
const SALES_PEOPLE = ['lisi', 'zhangsan', 'wangwu', 'heyan'];
const SALES_DEPTS = ['销售一部', '销售二部', '渠道部'];

/** Twelve months of sales ledger rows, the same on every machine (a small linear congruence, no randomness). */
function salesRows(year: number): Values[] {
  const rows: Values[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let month = 1; month <= 12; month++) {
    for (const [d, dept] of SALES_DEPTS.entries()) {
      for (const region of SALES_REGIONS) {
        if (next() < 0.25) continue;
        const product = SALES_PRODUCTS[Math.floor(next() * SALES_PRODUCTS.length)]!;
        const amount = Math.round((20_000 + next() * 80_000 + month * 1500 + d * 4000) * 100) / 100;
        rows.push({
          dept,
          region,
          product,
          sale_date: `${year}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(next() * 27)).padStart(2, '0')}`,
          amount,
          owner: SALES_PEOPLE[(month + d) % SALES_PEOPLE.length]!,
        });
      }
    }
  }
  return rows;
}

const thin = { style: 'thin', color: '#8EA9C1' };
const grid = { top: thin, right: thin, bottom: thin, left: thin };
const headStyle = { bold: true, background: '#DDEBF7', hAlign: 'center', vAlign: 'middle', border: grid };
const bodyStyle = { border: grid, vAlign: 'middle' };
const moneyStyle = { border: grid, hAlign: 'right', numFmt: '#,##0.00' };
const totalStyle = { bold: true, background: '#F2F2F2', border: grid, hAlign: 'right', numFmt: '#,##0.00' };

/** 销售月报: department → region groups, a subtotal per department, the total, a share of the total, a chart. */
function salesReportDesign(): Values {
  return {
    sheet: {
      rows: 6,
      cols: 5,
      colWidths: [110, 90, 90, 120, 90],
      // Row 5 holds the chart (drawn over its cells).
      rowHeights: [40, 28, 26, 26, 280, 28],
      cells: [
        { r: 0, c: 0, text: '销售月报', style: { bold: true, fontSize: 16, hAlign: 'center', vAlign: 'middle' } },
        { r: 1, c: 0, text: '部门', style: headStyle },
        { r: 1, c: 1, text: '区域', style: headStyle },
        { r: 1, c: 2, text: '笔数', style: headStyle },
        { r: 1, c: 3, text: '金额（元）', style: headStyle },
        { r: 1, c: 4, text: '占比', style: headStyle },
        { r: 2, c: 0, kind: 'field', binding: { dataSet: 'sales', field: 'dept', expand: 'down' }, style: { ...bodyStyle, hAlign: 'center' } },
        { r: 2, c: 1, kind: 'field', binding: { dataSet: 'sales', field: 'region', expand: 'down' }, style: bodyStyle },
        { r: 2, c: 2, kind: 'field', binding: { dataSet: 'sales', field: 'amount', aggregate: 'count' }, style: { ...bodyStyle, hAlign: 'right' } },
        { r: 2, c: 3, kind: 'field', binding: { dataSet: 'sales', field: 'amount', aggregate: 'sum' }, style: moneyStyle },
        { r: 2, c: 4, kind: 'formula', text: 'IF(D6=0,0,D3/D6)', style: { ...moneyStyle, numFmt: '0.0%' } },
        { r: 3, c: 1, text: '小计', rowParent: { r: 2, c: 0 }, style: { ...totalStyle, hAlign: 'center' } },
        { r: 3, c: 2, kind: 'formula', text: 'SUM(C3)', rowParent: { r: 2, c: 0 }, style: { ...totalStyle, numFmt: '0' } },
        { r: 3, c: 3, kind: 'formula', text: 'SUM(D3)', rowParent: { r: 2, c: 0 }, style: totalStyle },
        { r: 3, c: 4, kind: 'formula', text: 'IF(D6=0,0,D4/D6)', rowParent: { r: 2, c: 0 }, style: { ...totalStyle, numFmt: '0.0%' } },
        { r: 5, c: 0, text: '合计', style: { ...totalStyle, hAlign: 'center' } },
        { r: 5, c: 2, kind: 'formula', text: 'SUM(C3)', style: { ...totalStyle, numFmt: '0' } },
        { r: 5, c: 3, kind: 'formula', text: 'SUM(D3)', style: totalStyle },
        { r: 5, c: 4, kind: 'formula', text: 'IF(D6=0,0,1)', style: { ...totalStyle, numFmt: '0.0%' } },
      ],
      merges: [
        { r: 0, c: 0, rs: 1, cs: 5 },
        { r: 2, c: 0, rs: 2, cs: 1 },
        { r: 5, c: 0, rs: 1, cs: 2 },
      ],
      rowFlags: [{ r: 1, header: true }],
    },
    dataSets: [
      {
        name: 'sales',
        label: '销售台账',
        kind: 'sql',
        linkId: DEFAULT_LINK_ID,
        sql: "select dept, region, product, sale_date, amount, owner from demo_sales\nwhere sale_date between @period_begin and @period_end and (@region = '' or region = @region)",
        scope: { user: 'owner' },
      },
    ],
    params: [
      { name: 'period', label: '销售日期', type: 'dateRange', default: 'thisYear', required: true },
      { name: 'region', label: '区域', type: 'text', default: '' },
    ],
    charts: [
      {
        id: 'by-dept',
        anchor: { r: 4, c: 0, rs: 1, cs: 5 },
        type: 'bar',
        title: '各部门销售额',
        dataSet: 'sales',
        category: 'dept',
        series: [{ field: 'amount', name: '金额', aggregate: 'sum' }],
      },
    ],
    print: { paper: 'A4', orientation: 'portrait', fitWidth: true, pageNumbers: true },
  };
}

/** 部门月度销售（交叉表）: departments down, months across, the amount in each, totals both ways. */
function crossTabDesign(): Values {
  return {
    sheet: {
      rows: 3,
      cols: 3,
      colWidths: [110, 90, 110],
      cells: [
        { r: 0, c: 0, text: '部门 \\ 月份', style: headStyle },
        { r: 0, c: 1, kind: 'field', binding: { dataSet: 'sales', field: 'month', expand: 'right' }, style: headStyle },
        { r: 0, c: 2, text: '合计', style: headStyle },
        { r: 1, c: 0, kind: 'field', binding: { dataSet: 'sales', field: 'dept', expand: 'down' }, style: { ...bodyStyle, hAlign: 'center' } },
        { r: 1, c: 1, kind: 'field', binding: { dataSet: 'sales', field: 'amount', aggregate: 'sum' }, style: moneyStyle },
        { r: 1, c: 2, kind: 'formula', text: 'SUM(B2)', style: totalStyle },
        { r: 2, c: 0, text: '合计', style: { ...totalStyle, hAlign: 'center' } },
        { r: 2, c: 1, kind: 'formula', text: 'SUM(B2)', style: totalStyle },
        { r: 2, c: 2, kind: 'formula', text: 'SUM(C2)', style: totalStyle },
      ],
    },
    dataSets: [
      {
        name: 'sales',
        label: '销售台账',
        kind: 'sql',
        linkId: DEFAULT_LINK_ID,
        sql: "select dept, to_char(sale_date, 'YYYY-MM') as month, amount, owner from demo_sales where sale_date between @period_begin and @period_end",
        scope: { user: 'owner' },
      },
    ],
    params: [{ name: 'period', label: '销售日期', type: 'dateRange', default: 'thisYear', required: true }],
    print: { paper: 'A4', orientation: 'landscape', fitWidth: true, pageNumbers: true },
  };
}

/** A sales ledger (a released table on the platform's link) and two reports over it; 销售月报 released to 报表中心. */
async function seedReports(ctx: Context): Promise<void> {
  const { api, admin } = ctx;
  const data = [
    field(1, 'dept', 'input', '部门', 'demo_sales', { maxlength: 50 }, { required: true, span: 12 }),
    field(2, 'region', 'input', '区域', 'demo_sales', { maxlength: 20 }, { required: true, span: 12 }),
    field(3, 'product', 'input', '产品', 'demo_sales', { maxlength: 50 }, { span: 12 }),
    dateField(4, 'sale_date', '销售日期', 'demo_sales'),
    field(5, 'amount', 'number', '金额（元）', 'demo_sales', { min: 0, precision: 2 }, { required: true, span: 12 }),
    field(6, 'owner', 'input', '销售员', 'demo_sales', { maxlength: 64 }, { span: 12 }),
  ];
  await api.call('POST', '/api/form-scheme/customtable', admin, {
    F_Name: '销售台账',
    F_Type: 0,
    F_Category: 'finance',
    F_Description: '报表演示数据：各部门、区域的月度销售',
    F_Scheme: { data },
    tableInfo: [{ dbId: DEFAULT_LINK_ID, name: 'demo_sales', comment: '销售台账', type: 'main' }],
  });
  const year = Number(new Date().toISOString().slice(0, 4));
  for (const row of salesRows(year)) {
    await api.call('POST', '/api/crud/add', admin, {
      linkId: DEFAULT_LINK_ID,
      tableName: 'demo_sales',
      data: { ...row, owner: ctx.users[String(row.owner)] ?? row.owner },
    });
  }
  const folder = await api.call<{ F_Id: string }>('POST', '/api/reports-file-info', admin, { F_Name: '销售分析' });
  const reports: [string, string, string, Values][] = [
    ['销售月报', 'sales_monthly', '各部门、区域的销售笔数与金额，部门小计、合计、占比与图表', salesReportDesign()],
    ['部门月度销售（交叉表）', 'sales_crosstab', '部门 × 月份的销售金额，行列合计', crossTabDesign()],
  ];
  let first = '';
  for (const [name, code, description, design] of reports) {
    const { F_Id: id } = await api.call<{ F_Id: string }>('POST', '/api/report-info', admin, {
      F_Name: name,
      F_Code: code,
      F_FolderId: folder.F_Id,
      F_Description: description,
    });
    await api.call('POST', '/api/report-content', admin, { F_ReportId: id, F_Design: design, F_Note: '演示报表' });
    first ||= id;
    ctx.counts.reports = (ctx.counts.reports ?? 0) + 1;
  }
  await api.call('POST', '/api/reports-release', admin, {
    F_ReportId: first,
    F_Name: '销售月报',
    F_Icon: 'BarChartOutlined',
    F_Description: '按部门与区域的月度销售',
  });
}

// ------------------------------------------------------------------ entry

export interface ShowcaseSummary {
  counts: Record<string, number>;
  failed: string[];
  ms: number;
}

/**
 * Fills the demo tenant through the API. `app` must be ready (routes registered); `password` is the demo
 * accounts' password. Areas run in order; one that fails is logged and skipped, and so are the areas needing it.
 */
export async function seedShowcase(app: FastifyInstance, db: ShowcaseDb, password: string): Promise<ShowcaseSummary> {
  const started = performance.now();
  const api = apiOf(app, password);
  const ctx: Context = {
    api,
    db,
    admin: await api.login('admin'),
    users: {},
    names: {},
    departments: {},
    posts: {},
    roles: {},
    forms: {},
    schemes: {},
    counts: {},
  };
  await lookups(ctx, db);
  const failed: string[] = [];
  const areas: [string, () => Promise<void>][] = [
    ['dictionaries', () => seedDictionaries(ctx)],
    ['users', () => seedStaff(ctx, password)],
    ['code rules', () => seedCodeRules(ctx)],
    ['forms', () => seedForms(ctx)],
    ['workflow schemes', () => seedSchemes(ctx)],
    ['process instances', () => seedInstances(ctx)],
    ['news and notices', () => seedNews(ctx)],
    ['stamps', () => seedStamps(ctx)],
    ['scheduled tasks', () => seedScheduledTasks(ctx)],
    ['reports', () => seedReports(ctx)],
  ];
  const areaMs: Record<string, number> = {};
  for (const [name, run] of areas) {
    const areaStarted = performance.now();
    try {
      await run();
    } catch (error) {
      failed.push(name);
      app.log.error({ err: error }, `demo showcase: ${name} failed`);
    }
    areaMs[name] = Math.round(performance.now() - areaStarted);
  }
  await api.logoutAll();
  const ms = Math.round(performance.now() - started);
  app.log.info({ counts: ctx.counts, failed, ms, areaMs }, `demo showcase data created in ${ms} ms`);
  return { counts: ctx.counts, failed, ms };
}
