import type { SeedWords } from './types.ts';

const RSVP = {
  pending: '提交中...',
  soldOut: '已满额',
  successTitle: '报名成功',
  failTitle: '报名失败',
  failText: '报名提交失败，请重试。',
  loginText: '请登录后报名活动',
};
const INTEREST = { idle: '登记意向', pending: '正在登记...', done: '已登记意向' };

/** The demo in Simplified Chinese: brand and person names as they are. */
export const zhHans: SeedWords = (date) => ({
  'speakers-reception': {
    title: '演讲嘉宾招待会',
    description: '与本周演讲嘉宾共度的私密夜晚，晚上 7 点至 11 点，新加坡一家酒店餐厅。',
    bookingText: '报名',
    modal: { paragraphs: ['在主会场日开始之前，与会议周的演讲嘉宾共饮畅谈。'], links: [{ label: '活动详情' }] },
    actionWording: {
      'speakers-reception': {
        ...RSVP,
        idle: '立即报名',
        done: '已确认报名',
        successText: '你已确认参加演讲嘉宾招待会。',
      },
    },
  },
  'sap-night': {
    title: 'AP House 的 SAP 之夜',
    description:
      'Special Access Pass 持有者专属私人晚会，地点为制表商位于新加坡的 AP House，晚上 7 点至 10 点，会前可选礼宾导览。',
    bookingText: '报名',
  },
  'bryan-johnson': {
    title: '与 Bryan Johnson 的闭门问答',
    description: '关于长寿与 Blueprint 方案的闭门问答。下午 2 点，Special Access Pass 贵宾室，4 楼。',
    bookingText: '报名',
    modal: { paragraphs: ['名额有限：先到先得。'], links: [{ label: '活动详情' }] },
    actionWording: {
      'bryan-johnson': {
        ...RSVP,
        idle: '立即报名',
        done: '名额已预留',
        successText: '你已获得与 Bryan Johnson 闭门问答的名额。',
      },
    },
  },
  'crypto-fight-night': {
    title: 'Crypto Fight Night',
    description: '会议周的拳击之夜：晚上 7 点至 11 点，会展中心宴会厅。',
    bookingText: '报名',
    modal: {
      paragraphs: ['通行证持有者可获赠擂台边门票。请在票务网站使用兑换码领取。'],
      links: [{ label: '购票' }, { label: '活动详情' }],
    },
    actionWording: {
      'crypto-fight-night': {
        ...RSVP,
        idle: '立即报名',
        done: '已确认报名',
        successText: '你已列入 Crypto Fight Night 名单。',
      },
    },
  },
  after2049: {
    title: 'AFTER 2049',
    description: '官方派对，晚上 7 点起直至深夜，地点为海滨度假酒店的空中花园观景台。',
    bookingText: '报名',
    modal: { paragraphs: ['在海湾之上为这一周画上句号。报名后，你的名字将列入入场名单。'] },
    actionWording: {
      after2049: {
        ...RSVP,
        idle: '立即报名',
        done: '已确认报名',
        successTitle: '报名已确认',
        successText: '你的名字已在 AFTER 2049 入场名单上。',
        failText: '报名失败，请重试。',
        loginText: '请登录后报名 AFTER 2049',
      },
    },
  },
  'ap-house': {
    title: 'AP House 礼宾导览',
    description: '预约参观制表商之家的私人礼宾导览：选择日期和时段，最多可携四位宾客。',
    bookingText: '预约导览',
    eventTitle: 'AP House 礼宾导览',
  },
  'mclaren-tour': {
    title: 'McLaren 技术中心参观',
    description: '由专人带领参观这家汽车制造商的技术中心。仅限前 10 位宾客。',
    bookingText: '预留名额',
    modal: { links: [{ label: '参观页面' }] },
    actionWording: {
      'mclaren-tour': {
        ...RSVP,
        idle: '立即预留名额',
        pending: '正在预留...',
        done: '名额已预留',
        soldOut: '已约满',
        successText: '你已获得 McLaren 技术中心参观名额。',
        failText: '名额预留失败，请重试。',
        loginText: '请登录后报名 McLaren 技术中心参观',
      },
    },
  },
  'mclaren-artura': {
    title: 'McLaren Artura 展示会',
    description: '会议周期间，在展示会上近距离欣赏这款高性能混合动力跑车。',
    bookingText: '了解更多',
    modal: {
      paragraphs: ['整个会议周，通行证持有者均可参观展示会。到访前可先了解这款车。'],
      links: [{ label: '探索车型' }],
    },
  },
  'sothebys-private-auction': {
    title: 'Sotheby’s 私人拍卖预展',
    description: '数字艺术与收藏品拍卖的私人预展。登记意向即可收到邀请。',
    bookingText: '登记意向',
    modal: { paragraphs: ['名额有限；拍卖行将通过电子邮件直接确认邀请。'], links: [{ label: '预展详情' }] },
    actionWording: {
      'sothebys-private-auction': {
        ...RSVP,
        ...INTEREST,
        successTitle: '意向已登记！',
        successText: '你对 Sotheby’s 私人拍卖的意向已记录。',
        failTitle: '登记失败',
        failText: '意向登记失败，请重试。',
        loginText: '请登录后登记对 Sotheby’s 私人拍卖的意向',
      },
    },
  },
  'capella-day-pass': {
    title: 'Capella Singapore 日间通行证',
    description: '免费酒店日间通行证，含泳池使用权，餐饮及水疗享 85 折。需提前预约。',
    bookingText: '查看优惠',
    modal: { links: [{ label: '优惠详情' }] },
  },
  'national-gallery': {
    title: 'National Gallery Singapore',
    description: `会议周期间的免费美术馆通行证，以及 ${date('2025-11-13')} 开幕之夜的邀请。`,
    bookingText: '领取邀请',
    eventTitle: 'National Gallery Singapore 通行证',
    modal: {
      paragraphs: ['先到先得。可领取美术馆通行证、开幕之夜席位，或两者兼得。'],
      links: [{ label: '美术馆详情' }],
    },
    actionWording: {
      'national-gallery-pass': {
        ...RSVP,
        idle: '领取通行证',
        pending: '正在领取...',
        done: '通行证已领取',
        successText: '你的 National Gallery Singapore 通行证已领取。',
        failText: '通行证领取失败，请重试。',
      },
      'national-gallery-invitation': {
        ...RSVP,
        idle: '领取邀请',
        pending: '正在领取...',
        done: '邀请已确认',
        successText: '你已获得开幕之夜的邀请。',
        failText: '邀请领取失败，请重试。',
      },
    },
  },
  wristcheck: {
    title: 'Wristcheck',
    description: '在这家腕表交易平台首次购物最高减 2,000 美元，另赠欢迎礼品。适用条款。',
    bookingText: '领取优惠',
    dateLabel: '会议周优惠',
    eventTitle: 'Wristcheck 优惠',
    modal: {
      paragraphs: ['领取优惠后，Wristcheck 团队将联系你并提供专属优惠码。适用条款。'],
      details: [{ label: '优惠', value: '首次购物最高减 2,000 美元 + 欢迎礼品' }],
      links: [{ label: '优惠详情' }],
    },
    actionWording: {
      wristcheck: {
        ...RSVP,
        idle: '领取优惠',
        pending: '领取中...',
        done: '已领取优惠',
        successTitle: '优惠领取成功',
        successText: 'Wristcheck 团队将与你联系并提供优惠。',
        failTitle: '优惠领取失败',
        failText: 'Wristcheck 优惠领取失败，请重试。',
        loginText: '请登录后领取 Wristcheck 优惠',
      },
    },
  },
  'special-air-service': {
    title: 'XO：轻松搭乘私人飞机',
    description: '按需私人航空服务，通行证持有者可获最高 4% 的积分回馈。',
    bookingText: '私人飞行',
    dateLabel: '长期有效',
    modal: {
      paragraphs: ['预订单个座位或整架飞机，每次飞行均可获得最高 4% 的积分回馈。'],
      details: [{ label: '积分回馈', value: '最高 4%' }],
      links: [{ label: '预订航班' }, { label: '在此申请航班' }],
    },
  },
  'hedley-studios': {
    title: 'Hedley Studios：专属影棚优惠',
    description: '以通行证持有者专享价格，预约一次肖像与内容拍摄。',
    bookingText: '查看影棚',
    dateLabel: '会议周优惠',
    modal: { paragraphs: ['在新加坡期间，预约一次专业肖像或内容拍摄。'], links: [{ label: '访问影棚' }] },
  },
  'elyx-life': {
    title: 'Elyx Life',
    description: '会议期间优先使用 Biohack Lounge，会后享 DEXA 扫描与 VO2 Max 检测。',
    bookingText: '预约体验',
    dateLabel: `${date('2026-03-31')} 前兑换`,
    modal: {
      paragraphs: [
        '会议期间：在 Biohack Lounge 优先体验冷冻疗法、高压氧与红光疗法。',
        `会后：DEXA 扫描与 VO2 Max 检测，可兑换至 ${date('2026-03-31')}。`,
      ],
      links: [{ label: '在线预约' }, { label: '优惠详情' }],
    },
  },
  'jai-one-siam': {
    title: 'JAI by ONESIAM',
    description: '曼谷的生活方式社群：名人高尔夫活动，以及奢华购物与餐饮体验。',
    bookingText: '登记意向',
    modal: { paragraphs: ['日期待定。登记意向后，JAI 团队将亲自邀请你。'], links: [{ label: '社群详情' }] },
    actionWording: {
      jai: {
        ...RSVP,
        ...INTEREST,
        successTitle: '意向登记成功',
        successText: 'JAI by ONESIAM 团队将与你联系。',
        failTitle: '意向登记失败',
        failText: '意向登记失败，请重试。',
        loginText: '请登录后登记对 JAI by ONESIAM 的意向',
      },
    },
  },
});
