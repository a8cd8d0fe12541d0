import type { SeedWords } from './types.ts';

const RSVP = {
  pending: '送信中...',
  soldOut: '満席',
  successTitle: '参加登録が完了しました',
  failTitle: '参加登録に失敗しました',
  failText: '参加登録を送信できませんでした。もう一度お試しください。',
  loginText: 'イベントに参加登録するにはログインしてください',
};
const INTEREST = { idle: '興味ありを伝える', pending: '送信中...', done: '関心を登録しました' };
const TRY_AGAIN = 'もう一度お試しください。';

/** The demo in Japanese: brand and person names as they are. */
export const ja: SeedWords = (date) => ({
  'speakers-reception': {
    title: 'スピーカーズ・レセプション',
    description: '今週のスピーカーと過ごす特別な夜。午後 7 時から 11 時、シンガポールのホテルレストランにて。',
    bookingText: '参加する',
    modal: {
      paragraphs: ['メインステージが始まる前に、会議週間のスピーカーたちとドリンクと会話をお楽しみください。'],
      links: [{ label: 'イベント詳細' }],
    },
    actionWording: {
      'speakers-reception': {
        ...RSVP,
        idle: '今すぐ参加する',
        done: '参加が確定しました',
        successText: 'スピーカーズ・レセプションへのご参加が確定しました。',
      },
    },
  },
  'sap-night': {
    title: 'AP House の SAP ナイト',
    description:
      'シンガポールにある時計メーカーのハウスで開かれる Special Access Pass 保有者限定のプライベートイブニング。午後 7 時から 10 時、事前のコンシェルジュツアーも選べます。',
    bookingText: '参加する',
  },
  'bryan-johnson': {
    title: 'Bryan Johnson とのクローズド Q&A',
    description:
      '長寿と Blueprint プロトコルについてのクローズド Q&A。午後 2 時、Special Access Pass ラウンジ（4 階）。',
    bookingText: '参加する',
    modal: { paragraphs: ['定員に限りがあります。先着順で確定します。'], links: [{ label: 'イベント詳細' }] },
    actionWording: {
      'bryan-johnson': {
        ...RSVP,
        idle: '今すぐ参加する',
        done: '席を確保しました',
        successText: 'Bryan Johnson とのクローズド Q&A の席を確保しました。',
      },
    },
  },
  'crypto-fight-night': {
    title: 'Crypto Fight Night',
    description: '会議週間のボクシングナイト。午後 7 時から 11 時、コンベンションセンターのボールルームにて。',
    bookingText: '参加する',
    modal: {
      paragraphs: ['パス保有者はリングサイド席に無料でご招待。チケットサイトで引換コードを使ってお受け取りください。'],
      links: [{ label: 'チケットを入手' }, { label: 'イベント詳細' }],
    },
    actionWording: {
      'crypto-fight-night': {
        ...RSVP,
        idle: '今すぐ参加する',
        done: '参加が確定しました',
        successText: 'Crypto Fight Night のリストに登録されました。',
      },
    },
  },
  after2049: {
    title: 'AFTER 2049',
    description:
      '公式アフターパーティー。午後 7 時から深夜まで、ウォーターフロントリゾートのスカイパーク展望デッキにて。',
    bookingText: '参加する',
    modal: { paragraphs: ['湾を見下ろして一週間を締めくくりましょう。参加登録で入場リストにお名前が載ります。'] },
    actionWording: {
      after2049: {
        ...RSVP,
        idle: '今すぐ参加する',
        done: '参加が確定しました',
        successTitle: '参加が確定しました',
        successText: 'AFTER 2049 の入場リストにお名前を登録しました。',
        failText: `参加登録できませんでした。${TRY_AGAIN}`,
        loginText: 'AFTER 2049 に参加登録するにはログインしてください',
      },
    },
  },
  'ap-house': {
    title: 'AP House コンシェルジュツアー',
    description:
      '時計メーカーのハウスをめぐるプライベートなコンシェルジュツアーを予約できます。日付と時間帯を選び、ゲストは 4 名までご同伴いただけます。',
    bookingText: 'ツアーを予約',
    eventTitle: 'AP House コンシェルジュツアー',
  },
  'mclaren-tour': {
    title: 'McLaren テクノロジーセンター見学',
    description: '自動車メーカーのテクノロジーセンターをガイド付きで見学。先着 10 名限定です。',
    bookingText: '枠を確保',
    modal: { links: [{ label: 'ツアーページ' }] },
    actionWording: {
      'mclaren-tour': {
        ...RSVP,
        idle: '今すぐ枠を確保',
        pending: '確保中...',
        done: '枠を確保しました',
        soldOut: '予約がいっぱいです',
        successText: 'McLaren テクノロジーセンター見学の枠を確保しました。',
        failText: `枠を確保できませんでした。${TRY_AGAIN}`,
        loginText: 'McLaren テクノロジーセンター見学に参加登録するにはログインしてください',
      },
    },
  },
  'mclaren-artura': {
    title: 'McLaren Artura ショーケース',
    description: '会議週間中のショーケースで、高性能ハイブリッドを間近にご覧ください。',
    bookingText: '詳しく見る',
    modal: {
      paragraphs: ['ショーケースは週を通してパス保有者に公開されています。来場前に車をチェックしましょう。'],
      links: [{ label: '車を見る' }],
    },
  },
  'sothebys-private-auction': {
    title: 'Sotheby’s プライベートオークション・プレビュー',
    description:
      'デジタルアートとコレクティブルのオークションのプライベートプレビュー。関心を登録すると招待状が届きます。',
    bookingText: '興味ありを伝える',
    modal: {
      paragraphs: ['席に限りがあります。招待はオークションハウスからメールで直接確定されます。'],
      links: [{ label: 'プレビュー詳細' }],
    },
    actionWording: {
      'sothebys-private-auction': {
        ...RSVP,
        ...INTEREST,
        successTitle: 'ご関心を承りました！',
        successText: 'Sotheby’s プライベートオークションへのご関心を記録しました。',
        failTitle: '登録に失敗しました',
        failText: `ご関心を登録できませんでした。${TRY_AGAIN}`,
        loginText: 'Sotheby’s プライベートオークションへの関心を登録するにはログインしてください',
      },
    },
  },
  'capella-day-pass': {
    title: 'Capella Singapore デイパス',
    description: 'プールが使える無料のホテルデイパスと、ダイニング・スパ 15% オフ。事前予約が必要です。',
    bookingText: '特典を見る',
    modal: { links: [{ label: '特典の詳細' }] },
  },
  'national-gallery': {
    title: 'National Gallery Singapore',
    description: `会議週間中の無料ギャラリーパスと、${date('2025-11-13')} のオープニングナイトへの招待。`,
    bookingText: '招待を確保',
    eventTitle: 'National Gallery Singapore パス',
    modal: {
      paragraphs: ['先着順です。ギャラリーパス、オープニングナイトの席、またはその両方を確保できます。'],
      links: [{ label: 'ギャラリーの詳細' }],
    },
    actionWording: {
      'national-gallery-pass': {
        ...RSVP,
        idle: 'パスを確保',
        pending: '確保中...',
        done: 'パスを確保しました',
        successText: 'National Gallery Singapore のパスを確保しました。',
        failText: `パスを確保できませんでした。${TRY_AGAIN}`,
      },
      'national-gallery-invitation': {
        ...RSVP,
        idle: '招待を確保',
        pending: '確保中...',
        done: '招待を確保しました',
        successText: 'オープニングナイトへの招待を確保しました。',
        failText: `招待を確保できませんでした。${TRY_AGAIN}`,
      },
    },
  },
  wristcheck: {
    title: 'Wristcheck',
    description:
      '時計マーケットプレイスでの初回購入が最大 2,000 米ドルオフ、さらにウェルカムギフト付き。条件が適用されます。',
    bookingText: '特典を受け取る',
    dateLabel: '会議週間の特典',
    eventTitle: 'Wristcheck 特典',
    modal: {
      paragraphs: ['特典を受け取ると、Wristcheck チームから個人用コードのご連絡があります。条件が適用されます。'],
      details: [{ label: '特典', value: '初回購入が最大 2,000 米ドルオフ＋ウェルカムギフト' }],
      links: [{ label: '特典の詳細' }],
    },
    actionWording: {
      wristcheck: {
        ...RSVP,
        idle: '特典を受け取る',
        pending: '受け取り中...',
        done: '受け取り済み',
        successTitle: '特典を受け取りました',
        successText: 'Wristcheck チームから特典についてご連絡します。',
        failTitle: '特典を受け取れませんでした',
        failText: `Wristcheck の特典を受け取れませんでした。${TRY_AGAIN}`,
        loginText: 'Wristcheck の特典を受け取るにはログインしてください',
      },
    },
  },
  'special-air-service': {
    title: 'XO：プライベートジェットをもっと手軽に',
    description: 'オンデマンドのプライベート航空。パス保有者には最大 4% のロイヤルティクレジット。',
    bookingText: 'プライベートで飛ぶ',
    dateLabel: '常時',
    modal: {
      paragraphs: ['1 席からジェット 1 機まで予約でき、毎回のフライトで最大 4% のロイヤルティクレジットが貯まります。'],
      details: [{ label: 'ロイヤルティクレジット', value: '最大 4%' }],
      links: [{ label: 'フライトを予約' }, { label: 'ここでフライトをリクエスト' }],
    },
  },
  'hedley-studios': {
    title: 'Hedley Studios：スタジオ限定特典',
    description: 'ポートレート・コンテンツ撮影のスタジオセッションをパス保有者価格で。',
    bookingText: 'スタジオを見る',
    dateLabel: '会議週間の特典',
    modal: {
      paragraphs: ['シンガポール滞在中に、プロによるポートレートやコンテンツ撮影を予約できます。'],
      links: [{ label: 'スタジオを訪ねる' }],
    },
  },
  'elyx-life': {
    title: 'Elyx Life',
    description: '会議期間中は Biohack Lounge を優先利用、その後 DEXA スキャンと VO2 Max 測定。',
    bookingText: 'セッションを予約',
    dateLabel: `${date('2026-03-31')} まで利用可能`,
    modal: {
      paragraphs: [
        '会議期間中：Biohack Lounge でクライオセラピー、高気圧酸素、赤色光セラピーを優先利用できます。',
        `その後：DEXA スキャンと VO2 Max 測定を ${date('2026-03-31')} までご利用いただけます。`,
      ],
      links: [{ label: 'オンラインで予約' }, { label: '特典の詳細' }],
    },
  },
  'jai-one-siam': {
    title: 'JAI by ONESIAM',
    description:
      'バンコクのライフスタイルネットワーク。著名人ゴルフイベントと、ラグジュアリーなショッピング＆ダイニング体験。',
    bookingText: '興味ありを伝える',
    modal: {
      paragraphs: ['日程は未定です。関心を登録すると、JAI チームから個別にご招待します。'],
      links: [{ label: 'ネットワークの詳細' }],
    },
    actionWording: {
      jai: {
        ...RSVP,
        ...INTEREST,
        successTitle: 'ご関心を承りました',
        successText: 'JAI by ONESIAM チームからご連絡します。',
        failTitle: '登録に失敗しました',
        failText: `ご関心を登録できませんでした。${TRY_AGAIN}`,
        loginText: 'JAI by ONESIAM への関心を登録するにはログインしてください',
      },
    },
  },
});
