import type { AddBenefitInput } from '#common/admin.ts';
import { formatDayRange } from '#common/event-time.ts';
import { SEEDED_ACTION_WORDING as WORDING } from './action-wording.ts';
import { shiftDate } from './demo-dates.ts';
import type { SeedBenefit } from './types.ts';
import { demoTranslations } from './words/index.ts';

// Contacts use reserved .example domains: the demo never mails a real partner.
const CONCIERGE = 'concierge@passportal.example';
const art = (id: string) => `/art/${id}.svg`;
const SGT = 'Asia/Singapore';

/**
 * The spec's catalogue as an organiser enters it in the admin area (decision 053): days and clock times in
 * Singapore, the spec's (2025) moved by `shiftDays` whole days (seed/demo-dates.ts). Tiles of timed events carry no
 * date label: the one formatter writes it from the event.
 */
export function demoCatalogue(shiftDays = 0): SeedBenefit[] {
  const day = (date: string) => shiftDate(date, shiftDays);
  const days = (first: string, last: string) => formatDayRange(day(first), day(last));
  const once = (date: string) => days(date, date);
  const month = (date: string) =>
    new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day(date)}T12:00:00Z`),
    );
  /** From `start` to `end` on a day in Singapore (`endDate` for a night that ends after midnight). */
  const timed = (date: string, startTime: string, endTime: string, endDate = date) => ({
    schedule: 'timed' as const,
    timeZone: SGT,
    startDate: day(date),
    startTime,
    endDate: day(endDate),
    endTime,
  });
  /** Whole local days in Singapore, the first to the last. */
  const allDay = (first: string, last: string) => ({
    schedule: 'all-day' as const,
    timeZone: SGT,
    startDate: day(first),
    endDate: day(last),
  });
  const event = (form: AddBenefitInput): AddBenefitInput => ({ listedUnder: 'EVENTS', cardOpens: 'modal', ...form });
  const benefit = (form: AddBenefitInput): AddBenefitInput => ({
    listedUnder: 'BENEFITS',
    cardOpens: 'modal',
    ...form,
  });
  /** Taken up at the partner's: its event only holds the days it runs, and it is not booked here. */
  const atPartner = { benefitType: 'offer', bookedThrough: 'partner', notifyPartner: false } as const;

  const words = demoTranslations(day);
  /** Tiles in the dashboard's fixed order (docs/spec/member-portal.md §2): events first, then benefits. */
  const tiles: SeedBenefit[] = [
    {
      id: 'speakers-reception',
      slug: 'speakers-reception',
      displayOrder: 10,
      imageUrl: art('speakers-reception'),
      form: event({
        benefitName: 'Speakers Reception',
        benefitDescription:
          'An intimate evening with the speakers of the week, 7-11 PM at a hotel restaurant in Singapore.',
        buttonText: 'RSVP',
        partnerContactEmail: CONCIERGE,
        notifyPartner: false,
        eventDescription: 'Speakers Reception for Special Access Pass holders.',
        ...timed('2025-09-30', '19:00', '23:00'),
        venueName: 'The Grill Room, Orchard Hotel Singapore',
        capacity: 100,
        actionWording: WORDING['speakers-reception'],
      }),
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
      displayOrder: 20,
      imageUrl: art('sap-night'),
      form: event({
        benefitName: 'SAP Night at AP House',
        benefitDescription:
          'A private evening for Special Access Pass holders at the watchmaker’s house in Singapore, 7-10 PM, with an optional concierge tour beforehand.',
        buttonText: 'RSVP',
        partnerContactEmail: 'events@aphouse.example',
        cardOpens: 'form',
        bookedThrough: 'evening',
        eventDescription: 'A private evening for Special Access Pass holders at AP House.',
        ...timed('2025-10-01', '19:00', '22:00'),
        venueName: 'AP House Singapore',
        capacity: 150,
      }),
      slots: ['5:00pm-5:30pm', '5:30pm-6:00pm', '6:00pm-6:30pm', '6:30pm-7:00pm'].map((time) => ({
        time,
        capacity: 10,
      })),
    },
    {
      id: 'bryan-johnson',
      slug: 'bryan-johnson',
      displayOrder: 30,
      imageUrl: art('bryan-johnson'),
      form: event({
        benefitName: 'Closed-Door Q&A with Bryan Johnson',
        benefitDescription:
          'A closed-door Q&A on longevity and the Blueprint protocol. 2 PM, Special Access Pass Lounge, Level 4.',
        buttonText: 'RSVP',
        partnerContactEmail: CONCIERGE,
        notifyPartner: false,
        eventDescription: 'A closed-door Q&A with Bryan Johnson for Special Access Pass holders.',
        ...timed('2025-10-01', '14:00', '15:00'),
        venueName: 'Special Access Pass Lounge, Level 4',
        capacity: 30,
        actionWording: WORDING['bryan-johnson'],
      }),
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
      displayOrder: 40,
      imageUrl: art('crypto-fight-night'),
      form: event({
        benefitName: 'Crypto Fight Night',
        benefitDescription: 'Boxing night of the conference week: 7-11 PM in the convention centre ballroom.',
        buttonText: 'RSVP',
        partnerContactEmail: CONCIERGE,
        notifyPartner: false,
        bookingUrl: 'https://tickets.cryptofightnight.example/',
        eventDescription: 'Crypto Fight Night: boxing night of the conference week.',
        ...timed('2025-10-01', '19:00', '23:00'),
        venueName: 'Grand Ballroom, Marina Convention Centre',
        capacity: 200,
        actionWording: WORDING['crypto-fight-night'],
      }),
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
      displayOrder: 50,
      imageUrl: art('after2049'),
      form: event({
        benefitName: 'AFTER 2049',
        benefitDescription:
          'The official after-party, from 7 PM until late on the sky-park observation deck of a waterfront resort.',
        buttonText: 'RSVP',
        partnerContactEmail: CONCIERGE,
        notifyPartner: false,
        eventDescription: 'The official after-party of the conference week.',
        ...timed('2025-10-03', '19:00', '01:00', '2025-10-04'),
        venueName: 'Sky Park Observation Deck, Bayfront Resort',
        actionWording: WORDING.after2049,
      }),
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
      displayOrder: 110,
      imageUrl: art('ap-house'),
      form: benefit({
        benefitName: 'AP House Concierge Tours',
        benefitDescription:
          'Book a private concierge tour of the watchmaker’s house: choose a day and a time slot, and bring up to four guests.',
        buttonText: 'Book a Tour',
        partnerContactEmail: 'concierge@aphouse.example',
        benefitType: 'tour',
        cardOpens: 'form',
        bookedThrough: 'concierge',
        eventTitle: 'AP House Concierge Tour',
        eventDescription: 'A private concierge tour of AP House.',
        ...allDay('2025-09-29', '2025-10-03'),
        venueName: 'AP House Singapore',
      }),
      slots: TOUR_DAYS.flatMap((tourDay) => TOUR_SLOTS.map((time) => ({ date: day(tourDay), time, capacity: 10 }))),
    },
    {
      id: 'mclaren-tour',
      slug: 'mclaren-tour',
      displayOrder: 120,
      imageUrl: art('mclaren-tour'),
      form: benefit({
        benefitName: 'McLaren Technology Centre Tour',
        benefitDescription: 'A guided tour of the car-maker’s technology centre. Limited to the first 10 guests only.',
        buttonText: 'Secure Spot',
        partnerContactEmail: 'tours@mclaren.example',
        benefitType: 'tour',
        eventDescription: 'A guided tour of the McLaren Technology Centre. Limited to the first 10 guests.',
        ...timed('2025-10-02', '10:00', '12:00'),
        venueName: 'McLaren Technology Centre',
        capacity: 10,
        actionWording: WORDING['mclaren-tour'],
      }),
      modal: {
        // The description already says the first 10 guests.
        paragraphs: [],
        details: [],
        links: [{ label: 'Tour page', href: '/mclaren-tour', type: 'internal' }],
        actions: ['mclaren-tour'],
      },
    },
    {
      id: 'mclaren-artura',
      slug: 'mclaren-artura',
      displayOrder: 130,
      imageUrl: art('mclaren-artura'),
      form: benefit({
        benefitName: 'McLaren Artura Showcase',
        benefitDescription: 'See the high-performance hybrid up close at the showcase during conference week.',
        buttonText: 'Discover',
        partnerContactEmail: CONCIERGE,
        ...atPartner,
        bookingUrl: 'https://cars.mclaren.example/artura',
        dateLabel: days('2025-09-29', '2025-10-04'),
        eventDescription: 'The Artura showcase during conference week.',
        ...allDay('2025-09-29', '2025-10-04'),
      }),
      modal: {
        paragraphs: ['The showcase is open to pass holders throughout the week. Explore the car before you visit.'],
        details: [],
        links: [{ label: 'Explore the cars', href: 'https://cars.mclaren.example/artura', type: 'external' }],
        actions: [],
      },
    },
    {
      id: 'sothebys-private-auction',
      slug: 'sothebys-preview',
      displayOrder: 140,
      imageUrl: art('sothebys-preview'),
      form: benefit({
        benefitName: 'Sotheby’s Private Auction Preview',
        benefitDescription:
          'A private preview of the digital art and collectibles auction. Express your interest to receive an invitation.',
        buttonText: 'Express Your Interest',
        partnerContactEmail: 'preview@auctionhouse.example',
        notifyPartner: false,
        benefitType: 'interest',
        dateLabel: once('2025-10-02'),
        eventDescription: 'Interest in the private auction preview.',
        // Its tile's date: interest closes when the preview day is over.
        ...allDay('2025-10-02', '2025-10-02'),
        venueName: 'Singapore',
        actionWording: WORDING['sothebys-private-auction'],
      }),
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
      displayOrder: 150,
      imageUrl: art('capella-day-pass'),
      form: benefit({
        benefitName: 'Capella Singapore Day Pass',
        benefitDescription:
          'Complimentary hotel day pass with pool access and 15% off dining and spa. Advance reservation required.',
        buttonText: 'View Offer',
        partnerContactEmail: 'reservations@capella.example',
        ...atPartner,
        notifyPartner: true,
        dateLabel: days('2025-09-29', '2025-10-03'),
        eventDescription: 'The hotel day pass during conference week.',
        ...allDay('2025-09-29', '2025-10-03'),
        venueName: 'Capella Singapore',
      }),
      modal: {
        // The description names the pool, the 15% and the reservation, the date line the days.
        paragraphs: [],
        details: [],
        links: [{ label: 'Offer details', href: '/capella-day-pass', type: 'internal' }],
        actions: [],
      },
    },
    {
      id: 'national-gallery',
      slug: 'national-gallery',
      displayOrder: 160,
      eventId: 'national-gallery-pass',
      imageUrl: art('national-gallery'),
      form: benefit({
        benefitName: 'National Gallery Singapore',
        benefitDescription: `A complimentary gallery pass during conference week and an invitation to the opening night on ${once('2025-11-13')}.`,
        buttonText: 'Secure Your Invitation',
        partnerContactEmail: 'invitations@gallery.example',
        notifyPartner: false,
        dateLabel: days('2025-09-29', '2025-10-04'),
        eventTitle: 'National Gallery Singapore Pass',
        eventDescription: 'Complimentary National Gallery Singapore pass during conference week.',
        ...allDay('2025-09-29', '2025-10-04'),
        venueName: 'National Gallery Singapore, 1 St Andrew’s Road',
        capacity: 20,
        actionWording: WORDING['national-gallery-pass'],
      }),
      events: [
        {
          id: 'national-gallery-invitation',
          input: {
            title: 'National Gallery Singapore Opening Night',
            description: 'Invitation to the opening night at National Gallery Singapore.',
            ...timed('2025-11-13', '19:00', '22:00'),
            venueName: 'National Gallery Singapore, 1 St Andrew’s Road',
            capacity: 20,
            actionWording: WORDING['national-gallery-invitation'],
          },
        },
      ],
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
      displayOrder: 170,
      imageUrl: art('wristcheck'),
      form: benefit({
        benefitName: 'Wristcheck',
        benefitDescription:
          'Up to USD 2,000 off your first purchase on the watch marketplace, plus a welcome gift. Terms apply.',
        buttonText: 'Claim Your Offer',
        partnerContactEmail: 'offers@wristcheck.example',
        notifyPartner: false,
        benefitType: 'offer',
        dateLabel: 'Conference week offer',
        eventTitle: 'Wristcheck Offer',
        eventDescription: 'Wristcheck offer claim.',
        actionWording: WORDING.wristcheck,
      }),
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
      displayOrder: 180,
      imageUrl: art('special-air-service'),
      form: benefit({
        benefitName: 'XO: The Easy Way to Fly Private',
        benefitDescription: 'Private aviation on demand, with up to 4% loyalty credit for pass holders.',
        buttonText: 'Fly Private',
        partnerContactEmail: CONCIERGE,
        ...atPartner,
        bookingUrl: 'https://flyxo.example/pass-holders',
        dateLabel: 'Ongoing',
        // The partner's own Sheet: its columns are the questions of the flight request form (demo-sheets/).
        excelTab1Link: 'https://docs.google.com/spreadsheets/d/demo-xo-flights/edit',
      }),
      sheetForm: { configName: 'XO flight requests' },
      modal: {
        paragraphs: ['Book a seat or a whole jet, and earn up to 4% loyalty credit on every flight.'],
        details: [{ label: 'Loyalty credit', value: 'Up to 4%' }],
        links: [
          { label: 'Book a flight', href: 'https://flyxo.example/pass-holders', type: 'external' },
          { label: 'Request a flight here', href: '/rsvp/special-air-service', type: 'internal' },
        ],
        actions: [],
      },
    },
    {
      id: 'hedley-studios',
      slug: 'hedley-studios',
      displayOrder: 190,
      imageUrl: art('hedley-studios'),
      form: benefit({
        benefitName: 'Hedley Studios: Exclusive Studio Offer',
        benefitDescription: 'A portrait and content studio session at a pass-holder rate.',
        buttonText: 'View Studio',
        partnerContactEmail: CONCIERGE,
        ...atPartner,
        bookingUrl: 'https://hedleystudios.example/',
        dateLabel: 'Conference week offer',
      }),
      modal: {
        paragraphs: ['Book a professional portrait or content session while you are in Singapore.'],
        details: [],
        links: [{ label: 'Visit the studio', href: 'https://hedleystudios.example/', type: 'external' }],
        actions: [],
      },
    },
    {
      id: 'elyx-life',
      slug: 'elyx-life',
      displayOrder: 200,
      imageUrl: art('elyx-life'),
      form: benefit({
        benefitName: 'Elyx Life',
        benefitDescription:
          'Priority at the Biohack Lounge during the conference, then DEXA scan and VO2 Max diagnostics.',
        buttonText: 'Book Your Session',
        partnerContactEmail: 'rsvp@elyx.example',
        ...atPartner,
        bookingUrl: 'https://elyx.example/book',
        dateLabel: `Redeem by ${once('2026-03-31')}`,
      }),
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
        actions: [],
      },
    },
    {
      id: 'jai-one-siam',
      slug: 'jai-one-siam',
      displayOrder: 210,
      eventId: 'jai',
      imageUrl: art('jai-one-siam'),
      form: benefit({
        benefitName: 'JAI by ONESIAM',
        benefitDescription:
          'A lifestyle network in Bangkok: a celebrity golf event and a luxury shopping and dining experience.',
        buttonText: 'Express Your Interest',
        partnerContactEmail: 'network@jai.example',
        notifyPartner: false,
        benefitType: 'interest',
        dateLabel: `${month('2025-11-15')} / ${month('2026-01-15')}`,
        eventDescription: 'Interest in the JAI by ONESIAM lifestyle network.',
        venueName: 'Bangkok',
        actionWording: WORDING.jai,
      }),
      modal: {
        paragraphs: ['Dates are to be confirmed. Express your interest and the JAI team will invite you personally.'],
        details: [],
        links: [{ label: 'Network details', href: '/jai-one-siam', type: 'internal' }],
        actions: ['jai'],
      },
    },
  ];
  return tiles.map((b) => ({ ...b, translations: words[b.id] }));
}

const TOUR_DAYS = ['2025-09-29', '2025-09-30', '2025-10-01', '2025-10-02', '2025-10-03'];
const TOUR_SLOTS = ['10:00am-11:00am', '11:00am-12:00pm', '2:00pm-3:00pm', '3:00pm-4:00pm', '4:00pm-5:00pm'];
