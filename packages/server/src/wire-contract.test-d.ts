/**
 * The back office's answers are core's wire types (core/src/wire/config.ts), which the /config
 * screens read: a handler answering another shape fails this file's typecheck
 * (`npm run typecheck`, or vitest's `--typecheck`).
 */
import type {
  BackOfficeBoot,
  DashboardAnswer,
  FormsAnswer,
  GiftCardLedgerAnswer,
  GiftCardPage,
  ModeratedCommentPage,
  ModeratedReviewPage,
  OrderDetail,
  OrderPage,
  OutboxMail,
  OutboxPage,
  ProductChoices,
  StaffSubscriptionPage,
  StockChangeAnswer,
  StockLedgerPage,
  StockPage,
  SubmissionAnswer,
  SubmissionDeleted,
  SubmissionPage,
} from '@storefront/core/wire';
import { describe, expectTypeOf, it } from 'vitest';
import { listComments } from './modules/comments/admin-routes.ts';
import { dashboard } from './backoffice/dashboard.ts';
import { giftCardLedger, listGiftCards } from './modules/gift-cards/admin-routes.ts';
import { orderDetail } from './modules/orders/admin-actions.ts';
import { listOrders } from './modules/orders/admin-orders.ts';
import { listOutbox, outboxMail } from './backoffice/outbox.ts';
import { searchProducts } from './modules/catalogue/admin-products.ts';
import type { ShellData } from './backoffice/shell.ts';
import { changeStock, listStock, stockLedger } from './modules/catalogue/admin-stock.ts';
import {
  deleteSubmission,
  listForms,
  listSubmissions,
  setSubmissionStatus,
  submissionDetail,
} from './modules/forms/admin-submissions.ts';
import { listSubscriptions } from './modules/subscriptions/admin-routes.ts';
import { moderationList } from './modules/reviews/lists.ts';

describe('the back office answers in core wire types', () => {
  it('orders, products and an order', () => {
    expectTypeOf(listOrders).returns.resolves.toEqualTypeOf<OrderPage>();
    expectTypeOf(searchProducts).returns.resolves.toEqualTypeOf<ProductChoices>();
    expectTypeOf(orderDetail).returns.resolves.toEqualTypeOf<OrderDetail | undefined>();
  });

  it('the dashboard and the page it boots with', () => {
    expectTypeOf(dashboard).returns.resolves.toEqualTypeOf<DashboardAnswer>();
    expectTypeOf<ShellData>().toEqualTypeOf<BackOfficeBoot>();
  });

  it('gift cards, stock, forms and the outbox', () => {
    expectTypeOf(listGiftCards).returns.resolves.toEqualTypeOf<GiftCardPage>();
    expectTypeOf(giftCardLedger).returns.resolves.toEqualTypeOf<GiftCardLedgerAnswer>();
    expectTypeOf(listStock).returns.resolves.toEqualTypeOf<StockPage>();
    expectTypeOf(stockLedger).returns.resolves.toEqualTypeOf<StockLedgerPage>();
    expectTypeOf(changeStock).returns.resolves.toEqualTypeOf<StockChangeAnswer>();
    expectTypeOf(listForms).returns.resolves.toEqualTypeOf<FormsAnswer>();
    expectTypeOf(listSubmissions).returns.resolves.toEqualTypeOf<SubmissionPage>();
    expectTypeOf(submissionDetail).returns.resolves.toEqualTypeOf<SubmissionAnswer>();
    expectTypeOf(setSubmissionStatus).returns.resolves.toEqualTypeOf<SubmissionAnswer>();
    expectTypeOf(deleteSubmission).returns.resolves.toEqualTypeOf<SubmissionDeleted>();
    expectTypeOf(listOutbox).returns.resolves.toEqualTypeOf<OutboxPage>();
    expectTypeOf(outboxMail).returns.resolves.toEqualTypeOf<OutboxMail>();
  });

  it('moderation queues and subscriptions', () => {
    expectTypeOf(listComments).returns.resolves.toEqualTypeOf<ModeratedCommentPage>();
    expectTypeOf(moderationList).returns.resolves.toEqualTypeOf<ModeratedReviewPage>();
    expectTypeOf(listSubscriptions).returns.resolves.toEqualTypeOf<StaffSubscriptionPage>();
  });
});
