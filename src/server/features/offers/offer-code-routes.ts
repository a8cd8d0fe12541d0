import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as offerApi from '#common/api/offer-codes.ts';
import { OFFER_UPLOAD_TEXT_MAX, type OfferCodeRow } from '#common/offer-codes.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { safeCsvDocument } from '../../lib/csv.ts';
import { downloadName } from '../../lib/download.ts';
import { partnerViewOf, requireAdmin } from '../auth/index.ts';
import { listCodes, offerSummary, saveOfferSettings, uploadCodes } from './offer-codes-admin.ts';
import { redeemFromFile, setRedeemed } from './offer-redeem.ts';

/**
 * An offer's code pool (decision 029). Every route names its benefit in the path, so a guard scoped to
 * assigned benefits opens them to that benefit's partners (decision 030); the pool's settings stay the organiser's.
 */
export const offerCodeRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is an admin's (or, where it declares `partner`, a partner's):
    // one guard for this plugin's own scope (Fastify encapsulation, decision 032).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));
    const ctx = (req: Parameters<typeof audited>[1]) => ({ db, req, portalUrl: config.publicUrl });
    const partner = { partner: 'benefit' } as const;
    /** A code file as a JSON string: the longest text, with room for JSON's escapes (decisions 045, 048). */
    const codeFile = OFFER_UPLOAD_TEXT_MAX + 1024 * 1024;
    /** What a partner sees of a code: who claimed it only when e-mails are shared, no staff (decision 046). */
    const shown = async (req: FastifyRequest, benefitId: string) => {
      const view = await partnerViewOf(db, req, benefitId);
      return <T extends OfferCodeRow>(row: T): T => (view ? view.offerCode(row) : row);
    };

    app.route({
      ...fromContract(offerApi.pool),
      config: partner,
      handler: async (req) => offerSummary(db, req.params.benefitId),
    });
    app.route({
      ...fromContract(offerApi.list),
      config: partner,
      handler: async (req) => {
        // Nor can they find a member by e-mail in the search: it matches codes only.
        const byEmail = (await partnerViewOf(db, req, req.params.benefitId))?.shows('email') ?? true;
        const list = await listCodes(db, req.params.benefitId, req.query, { byEmail });
        return { ...list, codes: list.codes.map(await shown(req, req.params.benefitId)) };
      },
    });
    app.route({
      ...fromContract(offerApi.upload),
      config: partner,
      bodyLimit: codeFile,
      handler: async (req) => uploadCodes(ctx(req), req.params.benefitId, req.body.text),
    });
    app.route({
      ...fromContract(offerApi.settings),
      handler: async (req) => saveOfferSettings(ctx(req), req.params.benefitId, req.body),
    });
    for (const [route, on] of [
      [offerApi.redeem, true],
      [offerApi.unredeem, false],
    ] as const)
      app.route({
        ...fromContract(route),
        config: partner,
        handler: async (req) => {
          const { code } = await setRedeemed(ctx(req), req.params.benefitId, req.body.code, on);
          return { code: (await shown(req, req.params.benefitId))(code) };
        },
      });
    app.route({
      ...fromContract(offerApi.redeemFile),
      config: partner,
      bodyLimit: codeFile,
      handler: async (req) => redeemFromFile(ctx(req), req.params.benefitId, req.body.text),
    });
    // Formula-safe (a code starting with = + - @ is defused), with a BOM for spreadsheet programs.
    app.route({
      ...fromContract(offerApi.csv),
      config: partner,
      handler: async (req, reply) => {
        const { benefitId } = req.params;
        const summary = await offerSummary(db, benefitId);
        const show = await shown(req, benefitId);
        const codes = (await listCodes(db, benefitId, { status: 'all' }, { limit: 1_000_000 })).codes.map(show);
        const head = ['Code', 'Status', 'Claimed by', 'Claimed at', 'Redeemed at', 'Redeemed by'];
        const rows = codes.map((c) => [
          c.code,
          c.redeemedAt ? 'redeemed' : c.claimedAt ? 'claimed' : 'free',
          c.claimedBy,
          c.claimedAt,
          c.redeemedAt,
          c.redeemedBy,
        ]);
        const file = await audited(
          db,
          req,
          async () => ({ title: summary.title, rows: rows.length, body: safeCsvDocument([head, ...rows]) }),
          (f) => ({
            action: 'offer.export',
            targetType: 'benefit',
            targetId: benefitId,
            details: { rows: f.rows },
            leavesPlaces: true,
          }),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="offer-codes-${downloadName(file.title, 'offer')}.csv"`)
          .send(file.body);
      },
    });
  };
