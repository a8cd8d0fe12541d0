import type { SeedWords } from './types.ts';

const RSVP = {
  pending: '제출 중...',
  soldOut: '마감',
  successTitle: '참가 신청 완료',
  failTitle: '참가 신청 실패',
  failText: '참가 신청을 제출하지 못했습니다. 다시 시도해 주세요.',
  loginText: '이벤트에 참가 신청하려면 로그인해 주세요',
};
const INTEREST = { idle: '관심 등록', pending: '등록 중...', done: '관심 등록됨' };
const TRY_AGAIN = '다시 시도해 주세요.';

/** The demo in Korean: brand and person names as they are. */
export const ko: SeedWords = (date) => ({
  'speakers-reception': {
    title: '스피커 리셉션',
    description: '이번 주 연사들과 함께하는 특별한 저녁. 오후 7시~11시, 싱가포르의 한 호텔 레스토랑.',
    bookingText: '참가 신청',
    modal: {
      paragraphs: ['메인 무대 일정이 시작되기 전, 콘퍼런스 주간의 연사들과 음료를 들며 대화를 나누세요.'],
      links: [{ label: '이벤트 상세' }],
    },
    actionWording: {
      'speakers-reception': {
        ...RSVP,
        idle: '지금 신청',
        done: '참가 확정',
        successText: '스피커 리셉션 참가가 확정되었습니다.',
      },
    },
  },
  'sap-night': {
    title: 'AP House SAP 나이트',
    description:
      '싱가포르에 있는 시계 제조사의 하우스에서 열리는 Special Access Pass 소지자 전용 프라이빗 이브닝. 오후 7시~10시, 사전 컨시어지 투어 선택 가능.',
    bookingText: '참가 신청',
  },
  'bryan-johnson': {
    title: 'Bryan Johnson 비공개 Q&A',
    description: '장수와 Blueprint 프로토콜에 관한 비공개 Q&A. 오후 2시, Special Access Pass 라운지 4층.',
    bookingText: '참가 신청',
    modal: { paragraphs: ['정원이 한정되어 있습니다. 선착순으로 확정됩니다.'], links: [{ label: '이벤트 상세' }] },
    actionWording: {
      'bryan-johnson': {
        ...RSVP,
        idle: '지금 신청',
        done: '자리 확보됨',
        successText: 'Bryan Johnson 비공개 Q&A 자리가 확보되었습니다.',
      },
    },
  },
  'crypto-fight-night': {
    title: 'Crypto Fight Night',
    description: '콘퍼런스 주간의 복싱 나이트: 오후 7시~11시, 컨벤션 센터 볼룸.',
    bookingText: '참가 신청',
    modal: {
      paragraphs: ['패스 소지자에게 링사이드 티켓을 무료로 드립니다. 티켓 사이트에서 교환 코드를 사용해 받으세요.'],
      links: [{ label: '티켓 받기' }, { label: '이벤트 상세' }],
    },
    actionWording: {
      'crypto-fight-night': {
        ...RSVP,
        idle: '지금 신청',
        done: '참가 확정',
        successText: 'Crypto Fight Night 명단에 올랐습니다.',
      },
    },
  },
  after2049: {
    title: 'AFTER 2049',
    description: '공식 애프터파티. 오후 7시부터 늦게까지, 워터프런트 리조트의 스카이파크 전망대.',
    bookingText: '참가 신청',
    modal: { paragraphs: ['만 위에서 한 주를 마무리하세요. 참가 신청하면 입장 명단에 이름이 올라갑니다.'] },
    actionWording: {
      after2049: {
        ...RSVP,
        idle: '지금 신청',
        done: '참가 확정',
        successTitle: '참가가 확정되었습니다',
        successText: 'AFTER 2049 입장 명단에 이름이 올랐습니다.',
        failText: `참가 신청하지 못했습니다. ${TRY_AGAIN}`,
        loginText: 'AFTER 2049에 참가 신청하려면 로그인해 주세요',
      },
    },
  },
  'ap-house': {
    title: 'AP House 컨시어지 투어',
    description:
      '시계 제조사의 하우스를 둘러보는 프라이빗 컨시어지 투어를 예약하세요. 날짜와 시간대를 고르고 최대 4명의 게스트와 함께할 수 있습니다.',
    bookingText: '투어 예약',
    eventTitle: 'AP House 컨시어지 투어',
  },
  'mclaren-tour': {
    title: 'McLaren 테크놀로지 센터 투어',
    description: '자동차 제조사의 테크놀로지 센터 가이드 투어. 선착순 10명 한정.',
    bookingText: '자리 확보',
    modal: { links: [{ label: '투어 페이지' }] },
    actionWording: {
      'mclaren-tour': {
        ...RSVP,
        idle: '지금 자리 확보',
        pending: '확보 중...',
        done: '자리 확보됨',
        soldOut: '예약 마감',
        successText: 'McLaren 테크놀로지 센터 투어 자리가 확보되었습니다.',
        failText: `자리를 확보하지 못했습니다. ${TRY_AGAIN}`,
        loginText: 'McLaren 테크놀로지 센터 투어에 신청하려면 로그인해 주세요',
      },
    },
  },
  'mclaren-artura': {
    title: 'McLaren Artura 쇼케이스',
    description: '콘퍼런스 주간 쇼케이스에서 고성능 하이브리드를 가까이에서 만나 보세요.',
    bookingText: '자세히 보기',
    modal: {
      paragraphs: ['쇼케이스는 한 주 내내 패스 소지자에게 열려 있습니다. 방문 전에 차량을 살펴보세요.'],
      links: [{ label: '차량 둘러보기' }],
    },
  },
  'sothebys-private-auction': {
    title: 'Sotheby’s 비공개 경매 프리뷰',
    description: '디지털 아트와 컬렉터블 경매의 비공개 프리뷰. 관심을 등록하면 초대장을 받을 수 있습니다.',
    bookingText: '관심 등록',
    modal: {
      paragraphs: ['자리가 한정되어 있으며, 경매사가 이메일로 초대를 직접 확정합니다.'],
      links: [{ label: '프리뷰 상세' }],
    },
    actionWording: {
      'sothebys-private-auction': {
        ...RSVP,
        ...INTEREST,
        successTitle: '관심이 등록되었습니다!',
        successText: 'Sotheby’s 비공개 경매에 대한 관심이 기록되었습니다.',
        failTitle: '등록 실패',
        failText: `관심을 등록하지 못했습니다. ${TRY_AGAIN}`,
        loginText: 'Sotheby’s 비공개 경매에 관심을 등록하려면 로그인해 주세요',
      },
    },
  },
  'capella-day-pass': {
    title: 'Capella Singapore 데이 패스',
    description: '수영장 이용이 포함된 무료 호텔 데이 패스와 다이닝·스파 15% 할인. 사전 예약 필수.',
    bookingText: '혜택 보기',
    modal: { links: [{ label: '혜택 상세' }] },
  },
  'national-gallery': {
    title: 'National Gallery Singapore',
    description: `콘퍼런스 주간 무료 갤러리 패스와 ${date('2025-11-13')} 오프닝 나이트 초대.`,
    bookingText: '초대 확보',
    eventTitle: 'National Gallery Singapore 패스',
    modal: {
      paragraphs: ['선착순입니다. 갤러리 패스, 오프닝 나이트 좌석 또는 둘 다 확보하세요.'],
      links: [{ label: '갤러리 상세' }],
    },
    actionWording: {
      'national-gallery-pass': {
        ...RSVP,
        idle: '패스 확보',
        pending: '확보 중...',
        done: '패스 확보됨',
        successText: 'National Gallery Singapore 패스가 확보되었습니다.',
        failText: `패스를 확보하지 못했습니다. ${TRY_AGAIN}`,
      },
      'national-gallery-invitation': {
        ...RSVP,
        idle: '초대 확보',
        pending: '확보 중...',
        done: '초대 확보됨',
        successText: '오프닝 나이트 초대가 확보되었습니다.',
        failText: `초대를 확보하지 못했습니다. ${TRY_AGAIN}`,
      },
    },
  },
  wristcheck: {
    title: 'Wristcheck',
    description: '시계 마켓플레이스 첫 구매 시 최대 2,000달러 할인과 웰컴 기프트. 약관이 적용됩니다.',
    bookingText: '혜택 받기',
    dateLabel: '콘퍼런스 주간 혜택',
    eventTitle: 'Wristcheck 혜택',
    modal: {
      paragraphs: ['혜택을 받으면 Wristcheck 팀이 개인 코드를 안내해 드립니다. 약관이 적용됩니다.'],
      details: [{ label: '혜택', value: '첫 구매 최대 2,000달러 할인 + 웰컴 기프트' }],
      links: [{ label: '혜택 상세' }],
    },
    actionWording: {
      wristcheck: {
        ...RSVP,
        idle: '혜택 받기',
        pending: '받는 중...',
        done: '혜택 받음',
        successTitle: '혜택 받기 완료',
        successText: 'Wristcheck 팀이 혜택 안내를 위해 연락드립니다.',
        failTitle: '혜택 받기 실패',
        failText: `Wristcheck 혜택을 받지 못했습니다. ${TRY_AGAIN}`,
        loginText: 'Wristcheck 혜택을 받으려면 로그인해 주세요',
      },
    },
  },
  'special-air-service': {
    title: 'XO: 프라이빗 비행을 쉽게',
    description: '온디맨드 프라이빗 항공. 패스 소지자는 최대 4% 로열티 크레딧.',
    bookingText: '프라이빗 비행',
    dateLabel: '상시',
    modal: {
      paragraphs: ['좌석 하나부터 전용기 전체까지 예약하고, 비행마다 최대 4% 로열티 크레딧을 적립하세요.'],
      details: [{ label: '로열티 크레딧', value: '최대 4%' }],
      links: [{ label: '항공편 예약' }, { label: '여기서 항공편 요청' }],
    },
  },
  'hedley-studios': {
    title: 'Hedley Studios: 스튜디오 전용 혜택',
    description: '인물 사진·콘텐츠 스튜디오 세션을 패스 소지자 요금으로.',
    bookingText: '스튜디오 보기',
    dateLabel: '콘퍼런스 주간 혜택',
    modal: {
      paragraphs: ['싱가포르에 머무는 동안 전문 인물 사진이나 콘텐츠 촬영을 예약하세요.'],
      links: [{ label: '스튜디오 방문' }],
    },
  },
  'elyx-life': {
    title: 'Elyx Life',
    description: '콘퍼런스 기간 Biohack Lounge 우선 이용, 이후 DEXA 스캔과 VO2 Max 진단.',
    bookingText: '세션 예약',
    dateLabel: `${date('2026-03-31')}까지 사용`,
    modal: {
      paragraphs: [
        '콘퍼런스 기간: Biohack Lounge에서 냉동 요법, 고압 산소, 적색광 요법을 우선 이용할 수 있습니다.',
        `이후: DEXA 스캔과 VO2 Max 진단, ${date('2026-03-31')}까지 사용 가능.`,
      ],
      links: [{ label: '온라인 예약' }, { label: '혜택 상세' }],
    },
  },
  'jai-one-siam': {
    title: 'JAI by ONESIAM',
    description: '방콕의 라이프스타일 네트워크: 셀럽 골프 이벤트와 럭셔리 쇼핑·다이닝 경험.',
    bookingText: '관심 등록',
    modal: {
      paragraphs: ['일정은 미정입니다. 관심을 등록하시면 JAI 팀이 직접 초대해 드립니다.'],
      links: [{ label: '네트워크 상세' }],
    },
    actionWording: {
      jai: {
        ...RSVP,
        ...INTEREST,
        successTitle: '관심 등록 완료',
        successText: 'JAI by ONESIAM 팀이 연락드립니다.',
        failTitle: '관심 등록 실패',
        failText: `관심을 등록하지 못했습니다. ${TRY_AGAIN}`,
        loginText: 'JAI by ONESIAM에 관심을 등록하려면 로그인해 주세요',
      },
    },
  },
});
