import { allDayInstants, formatDayRange } from '#common/event-time.ts';
import { shiftDate, shiftInstant } from './demo-dates.ts';
import type { SeedBenefit, SeedEvent, SeedSlot } from './types.ts';

// Contacts use reserved .example domains: the demo never mails a real partner.
const CONCIERGE = 'concierge@passportal.example';
const art = (id: string) => `/art/${id}.svg`;
const SGT = 'Asia/Singapore';

export type Catalogue = { benefits: SeedBenefit[]; events: SeedEvent[]; slots: SeedSlot[] };

/**
 * The spec's catalogue, written once: its days and instants are the spec's (2025), moved by `shiftDays` whole days
 * (seed/demo-dates.ts). Tiles of timed events carry no date label: the one formatter writes it from the event.
 */
export function demoCatalogue(shiftDays = 0): Catalogue {
  const day = (date: string) => shiftDate(date, shiftDays);
  const at = (iso: string) => shiftInstant(new Date(`${iso}Z`), shiftDays);
  const days = (first: string, last: string) => formatDayRange(day(first), day(last));
  const once = (date: string) => days(date, date);
  const month = (date: string) =>
    new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day(date)}T12:00:00Z`),
    );
  /** Whole local days in Singapore: midnight of the first to midnight after the last. */
  const allDay = (first: string, last: string) => ({
    schedule: 'all-day' as const,
    ...allDayInstants(day(first), day(last), SGT),
  });

  /** Tiles in the dashboard's fixed order (docs/spec/member-portal.md §2): events first, then benefits. */
  const benefits: SeedBenefit[] = [
    {
      id: 'speakers-reception',
      slug: 'speakers-reception',
      title: 'Speakers Reception',
      kind: 'event',
      displayOrder: 10,
      action: 'modal',
      partnerPage: '/speakers-reception',
      description: 'An intimate evening with the speakers of the week, 7-11 PM at a hotel restaurant in Singapore.',
      imageUrl: art('speakers-reception'),
      bookingText: 'RSVP',
      bookingMode: 'INSTANT_RSVP',
      partnerContactEmail: CONCIERGE,
      modal: {
        paragraphs: [
          'Join the speakers of the conference week for drinks and conversation before the main stage days begin.',
        ],
        details: [],
        links: [{ label: 'Event details', href: '/speakers-reception', type: 'internal' }],
        actions: ['speakers-reception'],
      },
    },
    {
      id: 'sap-night',
      slug: 'sap-night',
      title: 'SAP Night at AP House',
      kind: 'event',
      displayOrder: 20,
      action: 'page',
      actionTarget: '/rsvp/sap-night',
      description:
        'A private evening for Special Access Pass holders at the watchmaker’s house in Singapore, 7-10 PM, with an optional concierge tour beforehand.',
      imageUrl: art('sap-night'),
      bookingText: 'RSVP',
      bookingMode: 'FORM_RSVP',
      partnerContactEmail: 'events@aphouse.example',
    },
    {
      id: 'bryan-johnson',
      slug: 'bryan-johnson',
      title: 'Closed-Door Q&A with Bryan Johnson',
      kind: 'event',
      displayOrder: 30,
      action: 'modal',
      partnerPage: '/bryan-johnson',
      description:
        'A closed-door Q&A on longevity and the Blueprint protocol. 2 PM, Special Access Pass Lounge, Level 4.',
      imageUrl: art('bryan-johnson'),
      bookingText: 'RSVP',
      bookingMode: 'INSTANT_RSVP',
      partnerContactEmail: CONCIERGE,
      modal: {
        paragraphs: ['Limited capacity: places are confirmed first come, first served.'],
        details: [],
        links: [{ label: 'Event details', href: '/bryan-johnson', type: 'internal' }],
        actions: ['bryan-johnson'],
      },
    },
    {
      id: 'crypto-fight-night',
      slug: 'crypto-fight-night',
      title: 'Crypto Fight Night',
      kind: 'event',
      displayOrder: 40,
      action: 'modal',
      partnerPage: '/crypto-fight-night',
      description: 'Boxing night of the conference week: 7-11 PM in the convention centre ballroom.',
      imageUrl: art('crypto-fight-night'),
      bookingText: 'RSVP',
      bookingMode: 'HYBRID',
      bookingUrl: 'https://tickets.cryptofightnight.example/',
      partnerContactEmail: CONCIERGE,
      modal: {
        paragraphs: [
          'Pass holders get complimentary ringside tickets. Use the redemption code on the ticketing site to claim yours.',
        ],
        details: [],
        // The code names the fight night's year: the demo week moved to 2031 gives SAPFIGHT2031.
        redemptionCode: `SAPFIGHT${day('2025-10-01').slice(0, 4)}`,
        links: [
          { label: 'Get tickets', href: 'https://tickets.cryptofightnight.example/', type: 'external' },
          { label: 'Event details', href: '/crypto-fight-night', type: 'internal' },
        ],
        actions: ['crypto-fight-night'],
      },
    },
    {
      id: 'after2049',
      slug: 'after2049',
      title: 'AFTER 2049',
      kind: 'event',
      displayOrder: 50,
      action: 'modal',
      description:
        'The official after-party, from 7 PM until late on the sky-park observation deck of a waterfront resort.',
      imageUrl: art('after2049'),
      bookingText: 'RSVP',
      bookingMode: 'INSTANT_RSVP',
      partnerContactEmail: CONCIERGE,
      modal: {
        paragraphs: ['Close the week above the bay. Your RSVP puts your name on the door list.'],
        details: [],
        links: [],
        actions: ['after2049'],
      },
    },
    {
      id: 'ap-house',
      slug: 'ap-house',
      title: 'AP House Concierge Tours',
      kind: 'benefit',
      displayOrder: 110,
      action: 'page',
      actionTarget: '/rsvp/ap-house',
      description:
        'Book a private concierge tour of the watchmaker’s house: choose a day and a time slot, and bring up to four guests.',
      imageUrl: art('ap-house'),
      bookingText: 'Book a Tour',
      bookingMode: 'FORM_RSVP',
      partnerContactEmail: 'concierge@aphouse.example',
    },
    {
      id: 'mclaren-tour',
      slug: 'mclaren-tour',
      title: 'McLaren Technology Centre Tour',
      kind: 'benefit',
      displayOrder: 120,
      action: 'modal',
      partnerPage: '/mclaren-tour',
      description: 'A guided tour of the car-maker’s technology centre. Limited to the first 10 guests only.',
      imageUrl: art('mclaren-tour'),
      bookingText: 'Secure Spot',
      bookingMode: 'INSTANT_RSVP',
      partnerContactEmail: 'tours@mclaren.example',
      modal: {
        // The description already says the first 10 guests (issue 18: said once).
        paragraphs: [],
        details: [],
        links: [{ label: 'Tour page', href: '/mclaren-tour', type: 'internal' }],
        actions: ['mclaren-tour'],
      },
    },
    {
      id: 'mclaren-artura',
      slug: 'mclaren-artura',
      title: 'McLaren Artura Showcase',
      kind: 'benefit',
      displayOrder: 130,
      action: 'modal',
      dateLabel: days('2025-09-29', '2025-10-04'),
      description: 'See the high-performance hybrid up close at the showcase during conference week.',
      imageUrl: art('mclaren-artura'),
      bookingText: 'Discover',
      bookingUrl: 'https://cars.mclaren.example/artura',
      bookingMode: 'EXTERNAL_REDIRECT',
      modal: {
        paragraphs: ['The showcase is open to pass holders throughout the week. Explore the car before you visit.'],
        details: [],
        links: [{ label: 'Explore the cars', href: 'https://cars.mclaren.example/artura', type: 'external' }],
      },
    },
    {
      id: 'sothebys-private-auction',
      slug: 'sothebys-preview',
      title: 'Sotheby’s Private Auction Preview',
      kind: 'benefit',
      displayOrder: 140,
      action: 'modal',
      partnerPage: '/sothebys-preview',
      dateLabel: once('2025-10-02'),
      description:
        'A private preview of the digital art and collectibles auction. Express your interest to receive an invitation.',
      imageUrl: art('sothebys-preview'),
      bookingText: 'Express Your Interest',
      bookingMode: 'INSTANT_RSVP',
      partnerContactEmail: 'preview@auctionhouse.example',
      modal: {
        paragraphs: ['Places are limited; the auction house confirms invitations directly by e-mail.'],
        details: [],
        links: [{ label: 'Preview details', href: '/sothebys-preview', type: 'internal' }],
        actions: ['sothebys-private-auction'],
      },
    },
    {
      id: 'capella-day-pass',
      slug: 'capella-day-pass',
      title: 'Capella Singapore Day Pass',
      kind: 'benefit',
      displayOrder: 150,
      action: 'modal',
      partnerPage: '/capella-day-pass',
      dateLabel: days('2025-09-29', '2025-10-03'),
      description:
        'Complimentary hotel day pass with pool access and 15% off dining and spa. Advance reservation required.',
      imageUrl: art('capella-day-pass'),
      bookingText: 'View Offer',
      bookingMode: 'EXTERNAL_REDIRECT',
      partnerContactEmail: 'reservations@capella.example',
      modal: {
        // The description names the pool, the 15% and the reservation, the date line the days (issue 18: said once).
        paragraphs: [],
        details: [],
        links: [{ label: 'Offer details', href: '/capella-day-pass', type: 'internal' }],
      },
    },
    {
      id: 'national-gallery',
      slug: 'national-gallery',
      title: 'National Gallery Singapore',
      kind: 'benefit',
      displayOrder: 160,
      action: 'modal',
      partnerPage: '/national-gallery',
      dateLabel: days('2025-09-29', '2025-10-04'),
      description: `A complimentary gallery pass during conference week and an invitation to the opening night on ${once('2025-11-13')}.`,
      imageUrl: art('national-gallery'),
      bookingText: 'Secure Your Invitation',
      bookingMode: 'INSTANT_RSVP',
      partnerContactEmail: 'invitations@gallery.example',
      modal: {
        paragraphs: ['First come, first served. Secure a gallery pass, an opening-night seat, or both.'],
        details: [],
        links: [{ label: 'Gallery details', href: '/national-gallery', type: 'internal' }],
        actions: ['national-gallery-pass', 'national-gallery-invitation'],
      },
    },
    {
      id: 'wristcheck',
      slug: 'wristcheck',
      title: 'Wristcheck',
      kind: 'benefit',
      displayOrder: 170,
      action: 'modal',
      partnerPage: '/wristcheck',
      dateLabel: 'Conference week offer',
      description:
        'Up to USD 2,000 off your first purchase on the watch marketplace, plus a welcome gift. Terms apply.',
      imageUrl: art('wristcheck'),
      bookingText: 'Claim Your Offer',
      bookingMode: 'INSTANT_RSVP',
      partnerContactEmail: 'offers@wristcheck.example',
      modal: {
        paragraphs: ['Claim the offer and the Wristcheck team will contact you with your personal code. Terms apply.'],
        details: [{ label: 'Offer', value: 'Up to USD 2,000 off your first purchase + welcome gift' }],
        links: [{ label: 'Offer details', href: '/wristcheck', type: 'internal' }],
        actions: ['wristcheck'],
      },
    },
    {
      id: 'special-air-service',
      slug: 'special-air-service',
      title: 'XO: The Easy Way to Fly Private',
      kind: 'benefit',
      displayOrder: 180,
      action: 'modal',
      dateLabel: 'Ongoing',
      description: 'Private aviation on demand, with up to 4% loyalty credit for pass holders.',
      imageUrl: art('special-air-service'),
      bookingText: 'Fly Private',
      bookingUrl: 'https://flyxo.example/pass-holders',
      bookingMode: 'EXTERNAL_REDIRECT',
      modal: {
        paragraphs: ['Book a seat or a whole jet, and earn up to 4% loyalty credit on every flight.'],
        details: [{ label: 'Loyalty credit', value: 'Up to 4%' }],
        links: [{ label: 'Book a flight', href: 'https://flyxo.example/pass-holders', type: 'external' }],
      },
    },
    {
      id: 'hedley-studios',
      slug: 'hedley-studios',
      title: 'Hedley Studios: Exclusive Studio Offer',
      kind: 'benefit',
      displayOrder: 190,
      action: 'modal',
      dateLabel: 'Conference week offer',
      description: 'A portrait and content studio session at a pass-holder rate.',
      imageUrl: art('hedley-studios'),
      bookingText: 'View Studio',
      bookingUrl: 'https://hedleystudios.example/',
      bookingMode: 'EXTERNAL_REDIRECT',
      modal: {
        paragraphs: ['Book a professional portrait or content session while you are in Singapore.'],
        details: [],
        links: [{ label: 'Visit the studio', href: 'https://hedleystudios.example/', type: 'external' }],
      },
    },
    {
      id: 'elyx-life',
      slug: 'elyx-life',
      title: 'Elyx Life',
      kind: 'benefit',
      displayOrder: 200,
      action: 'modal',
      partnerPage: '/elyx-life',
      dateLabel: `Redeem by ${once('2026-03-31')}`,
      description: 'Priority at the Biohack Lounge during the conference, then DEXA scan and VO2 Max diagnostics.',
      imageUrl: art('elyx-life'),
      bookingText: 'Book Your Session',
      bookingUrl: 'https://elyx.example/book',
      bookingMode: 'EXTERNAL_REDIRECT',
      partnerContactEmail: 'rsvp@elyx.example',
      modal: {
        paragraphs: [
          'During the conference: priority access to cryotherapy, hyperbaric oxygen and red-light therapy at the Biohack Lounge.',
          `Afterwards: a DEXA scan and VO2 Max diagnostics, redeemable until ${once('2026-03-31')}.`,
        ],
        details: [],
        links: [
          { label: 'Book online', href: 'https://elyx.example/book', type: 'external' },
          { label: 'Offer details', href: '/elyx-life', type: 'internal' },
        ],
      },
    },
    {
      id: 'jai-one-siam',
      slug: 'jai-one-siam',
      title: 'JAI by ONESIAM',
      kind: 'benefit',
      displayOrder: 210,
      action: 'modal',
      partnerPage: '/jai-one-siam',
      dateLabel: `${month('2025-11-15')} / ${month('2026-01-15')}`,
      description:
        'A lifestyle network in Bangkok: a celebrity golf event and a luxury shopping and dining experience.',
      imageUrl: art('jai-one-siam'),
      bookingText: 'Express Your Interest',
      bookingMode: 'INSTANT_RSVP',
      partnerContactEmail: 'network@jai.example',
      modal: {
        paragraphs: ['Dates are to be confirmed. Express your interest and the JAI team will invite you personally.'],
        details: [],
        links: [{ label: 'Network details', href: '/jai-one-siam', type: 'internal' }],
        actions: ['jai'],
      },
    },
  ];

  /** Things a member can take a place in; capacity is data (docs/spec/DESIGN.md §4), null means unlimited. */
  const events: SeedEvent[] = [
    {
      id: 'speakers-reception',
      benefitId: 'speakers-reception',
      title: 'Speakers Reception',
      description: 'Speakers Reception for Special Access Pass holders.',
      location: 'The Grill Room, Orchard Hotel Singapore',
      startsAt: at('2025-09-30T11:00:00'),
      endsAt: at('2025-09-30T15:00:00'),
      capacity: 100,
    },
    {
      id: 'sap-night',
      benefitId: 'sap-night',
      title: 'SAP Night at AP House',
      description: 'A private evening for Special Access Pass holders at AP House.',
      location: 'AP House Singapore',
      startsAt: at('2025-10-01T11:00:00'),
      endsAt: at('2025-10-01T14:00:00'),
      capacity: 150,
      bookingForm: 'evening',
      partnerContactEmail: 'events@aphouse.example',
    },
    {
      id: 'ap-house',
      benefitType: 'tour',
      benefitId: 'ap-house',
      title: 'AP House Concierge Tour',
      description: 'A private concierge tour of AP House.',
      location: 'AP House Singapore',
      ...allDay('2025-09-29', '2025-10-03'),
      capacity: null,
      bookingForm: 'concierge',
      partnerContactEmail: 'concierge@aphouse.example',
    },
    {
      id: 'bryan-johnson',
      benefitId: 'bryan-johnson',
      title: 'Closed-Door Q&A with Bryan Johnson',
      description: 'A closed-door Q&A with Bryan Johnson for Special Access Pass holders.',
      location: 'Special Access Pass Lounge, Level 4',
      startsAt: at('2025-10-01T06:00:00'),
      endsAt: at('2025-10-01T07:00:00'),
      capacity: 30,
    },
    {
      id: 'crypto-fight-night',
      benefitId: 'crypto-fight-night',
      title: 'Crypto Fight Night',
      description: 'Crypto Fight Night: boxing night of the conference week.',
      location: 'Grand Ballroom, Marina Convention Centre',
      startsAt: at('2025-10-01T11:00:00'),
      endsAt: at('2025-10-01T15:00:00'),
      capacity: 200,
    },
    {
      id: 'after2049',
      benefitId: 'after2049',
      title: 'AFTER 2049',
      description: 'The official after-party of the conference week.',
      location: 'Sky Park Observation Deck, Bayfront Resort',
      startsAt: at('2025-10-03T11:00:00'),
      endsAt: at('2025-10-03T17:00:00'),
      capacity: null,
    },
    {
      id: 'mclaren-tour',
      benefitType: 'tour',
      benefitId: 'mclaren-tour',
      title: 'McLaren Technology Centre Tour',
      description: 'A guided tour of the McLaren Technology Centre. Limited to the first 10 guests.',
      location: 'McLaren Technology Centre',
      startsAt: at('2025-10-02T02:00:00'),
      endsAt: at('2025-10-02T04:00:00'),
      capacity: 10,
      partnerContactEmail: 'tours@mclaren.example',
    },
    {
      id: 'sothebys-private-auction',
      benefitType: 'interest',
      benefitId: 'sothebys-private-auction',
      title: 'Sotheby’s Private Auction Preview',
      description: 'Interest in the private auction preview.',
      location: 'Singapore',
      // Its tile's date: interest closes when the preview day is over (issue 31).
      ...allDay('2025-10-02', '2025-10-02'),
      capacity: null,
    },
    // Offers taken up at the partner's (their tiles redirect): the event only holds the days they run, so the tile
    // says Ended after them; nothing is booked through it.
    {
      id: 'mclaren-artura',
      benefitType: 'offer',
      benefitId: 'mclaren-artura',
      title: 'McLaren Artura Showcase',
      description: 'The Artura showcase during conference week.',
      ...allDay('2025-09-29', '2025-10-04'),
      capacity: null,
      bookingForm: 'external',
    },
    {
      id: 'capella-day-pass',
      benefitType: 'offer',
      benefitId: 'capella-day-pass',
      title: 'Capella Singapore Day Pass',
      description: 'The hotel day pass during conference week.',
      location: 'Capella Singapore',
      ...allDay('2025-09-29', '2025-10-03'),
      capacity: null,
      bookingForm: 'external',
      partnerContactEmail: 'reservations@capella.example',
    },
    {
      id: 'national-gallery-pass',
      benefitId: 'national-gallery',
      title: 'National Gallery Singapore Pass',
      description: 'Complimentary National Gallery Singapore pass during conference week.',
      location: 'National Gallery Singapore, 1 St Andrew’s Road',
      ...allDay('2025-09-29', '2025-10-04'),
      capacity: 20,
    },
    {
      id: 'national-gallery-invitation',
      benefitId: 'national-gallery',
      title: 'National Gallery Singapore Opening Night',
      description: 'Invitation to the opening night at National Gallery Singapore.',
      location: 'National Gallery Singapore, 1 St Andrew’s Road',
      startsAt: at('2025-11-13T11:00:00'),
      endsAt: at('2025-11-13T14:00:00'),
      capacity: 20,
    },
    {
      id: 'wristcheck',
      benefitType: 'offer',
      benefitId: 'wristcheck',
      title: 'Wristcheck Offer',
      description: 'Wristcheck offer claim.',
      capacity: null,
    },
    {
      id: 'jai',
      benefitType: 'interest',
      benefitId: 'jai-one-siam',
      title: 'JAI by ONESIAM',
      description: 'Interest in the JAI by ONESIAM lifestyle network.',
      location: 'Bangkok',
      capacity: null,
    },
  ];

  const slots: SeedSlot[] = [
    ...EVENING_SLOTS.map((slotTime, i) => ({
      eventId: 'sap-night',
      slotDate: null,
      slotTime,
      capacity: 10,
      sortKey: i,
    })),
    ...TOUR_DAYS.flatMap((tourDay, d) =>
      TOUR_SLOTS.map((slotTime, i) => ({
        eventId: 'ap-house',
        slotDate: day(tourDay),
        slotTime,
        capacity: 10,
        sortKey: d * 100 + i,
      })),
    ),
  ];
  return { benefits, events, slots };
}

const EVENING_SLOTS = ['5:00pm-5:30pm', '5:30pm-6:00pm', '6:00pm-6:30pm', '6:30pm-7:00pm'];
const TOUR_DAYS = ['2025-09-29', '2025-09-30', '2025-10-01', '2025-10-02', '2025-10-03'];
const TOUR_SLOTS = ['10:00am-11:00am', '11:00am-12:00pm', '2:00pm-3:00pm', '3:00pm-4:00pm', '4:00pm-5:00pm'];
