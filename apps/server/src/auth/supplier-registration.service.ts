import {
  hasRole,
  PATTERNS,
  renderMessage,
  type ApiFieldError,
  type SupplierApprovalResponse,
  type SupplierRegistration,
  type SupplierRegistrationRequest,
  type SupplierRegistrationResponse,
} from '@p2p/domain';
import type { Db } from '../db/database.ts';
import { fieldErrors, forbidden, notFound } from '../lib/app-error.ts';
import type { AuthContext } from './auth-context.ts';
import type { MailService } from '../mail/mail.service.ts';
import { assertUniqueUser, insertUnique, PASSWORD_LINK_DAYS, type AuthService } from './auth.service.ts';
import { setPasswordPath, type PasswordLinkService } from './password-link.service.ts';
import { supplierRegistrationRepository } from './supplier-registration.repository.ts';
import { userRepository } from './user.repository.ts';

const DECIDER_ROLES = 'manager-supplier,admin';
export const ACCEPT_TERMS_MESSAGE = 'You must accept the terms and conditions.';
export const REGISTRATION_RECEIVED = 'Your registration was received and waits for approval.';

/** Required text fields of the registration form, by dotted path, with their messages. */
const REQUIRED: Array<[string, (r: SupplierRegistrationRequest) => string | undefined, string]> = [
  ['company.name', (r) => r.company.name, 'Company name is required.'],
  ['company.vat', (r) => r.company.vat, 'VAT number is required.'],
  ['company.address.street', (r) => r.company.address.street, 'Street is required.'],
  ['company.address.postcode', (r) => r.company.address.postcode, 'Postcode is required.'],
  ['company.address.city', (r) => r.company.address.city, 'City is required.'],
  ['company.address.country', (r) => r.company.address.country, 'Country is required.'],
  ['contact.name', (r) => r.contact.name, 'Contact name is required.'],
  ['contact.email', (r) => r.contact.email, 'Contact e-mail is required.'],
  ['contact.username', (r) => r.contact.username, 'Username is required.'],
];

function validate(req: SupplierRegistrationRequest): void {
  const errors: ApiFieldError[] = [];
  if (req.acceptTerms !== true) errors.push({ field: 'acceptTerms', message: ACCEPT_TERMS_MESSAGE });
  for (const [field, get, message] of REQUIRED) if (!get(req)?.trim()) errors.push({ field, message });
  if (req.contact.email.trim() && !PATTERNS.email.test(req.contact.email.trim())) {
    errors.push({ field: 'contact.email', message: 'E-mail address is not valid.' });
  }
  if (errors.length)
    throw fieldErrors(errors.map((e) => e.message).join(' '), errors, 'auth.supplier-registration');
}

/** Public supplier registration and its approval by supplier managers. */
export function supplierRegistrationService(
  db: Db,
  auth: AuthService,
  mail: MailService,
  links: Pick<PasswordLinkService, 'linkUrl'>,
) {
  const assertDecider = (caller: AuthContext) => {
    if (!hasRole(caller.user, DECIDER_ROLES))
      throw forbidden('Only supplier managers can review registrations.');
  };

  return {
    async register(req: SupplierRegistrationRequest): Promise<SupplierRegistrationResponse> {
      validate(req);
      const domainId = await auth.resolveDomain(req.domain);
      const username = req.contact.username.trim();
      const email = req.contact.email.trim();
      await assertUniqueUser(userRepository(db), domainId, username, email);
      const id = await db.transaction().execute(async (trx) => {
        const repo = supplierRegistrationRepository(trx);
        const supplierId = await repo.insertSupplier({
          domainId,
          name: req.company.name.trim(),
          vat: req.company.vat.trim(),
          data: req.company,
        });
        // the unique constraints catch a registration racing this one for the same name (409)
        const userId = await insertUnique(trx, {
          domainId,
          username,
          name: req.contact.name.trim(),
          email,
          passwordHash: null,
          roleKey: 'supplier',
          status: 'pending',
          supplierId,
        });
        return repo.insert({ domainId, payload: { ...req, domain: domainId }, supplierId, userId });
      });
      return { _id: id, status: 'pending', message: REGISTRATION_RECEIVED };
    },

    async listPending(caller: AuthContext): Promise<SupplierRegistration[]> {
      assertDecider(caller);
      const rows = await supplierRegistrationRepository(db).listPending(caller.domainId);
      return rows.map((r) => ({
        ...(r.payload as unknown as SupplierRegistrationRequest),
        _id: r.id,
        status: r.status,
        createdAt: r.created_at.toISOString(),
      }));
    },

    /**
     * Approves and makes the contact's set-password link: mailed to the contact when a relay is
     * configured, and always answered in full to the manager (who can hand it over otherwise).
     */
    async approve(caller: AuthContext, id: string, requestOrigin: string): Promise<SupplierApprovalResponse> {
      assertDecider(caller);
      const reg = await supplierRegistrationRepository(db).findPending(caller.domainId, id);
      if (!reg) throw notFound('Registration not found or already decided.');
      await supplierRegistrationRepository(db).decide(reg.id, reg.supplier_id, 'approved', caller.user._id);
      const token = await auth.createPasswordLink(reg.user_id, caller.domainId);
      const url = links.linkUrl(token, requestOrigin);
      const payload = reg.payload as unknown as SupplierRegistrationRequest;
      let mailed = false;
      if (mail.isConfigured) {
        // the contact's own language (set at registration), not the manager's
        const lang = (await userRepository(db).findById(caller.domainId, reg.user_id))?.lang;
        const params = {
          name: payload.contact.name,
          company: payload.company.name,
          username: payload.contact.username,
          days: PASSWORD_LINK_DAYS,
          url,
        };
        // a relay that refuses is not a failed approval: the manager still has the link
        mailed = await mail
          .send({
            to: payload.contact.email,
            subject: renderMessage('mail.registration-approved.subject', {}, lang),
            text: renderMessage('mail.registration-approved.text', params, lang),
          })
          .then(() => true)
          .catch(() => false);
      }
      return {
        message: 'Registration approved.',
        userId: reg.user_id,
        setPasswordPath: setPasswordPath(token),
        setPasswordUrl: url,
        mailed,
      };
    },

    async reject(caller: AuthContext, id: string): Promise<{ message: string }> {
      assertDecider(caller);
      const reg = await supplierRegistrationRepository(db).findPending(caller.domainId, id);
      if (!reg) throw notFound('Registration not found or already decided.');
      await db.transaction().execute(async (trx) => {
        await supplierRegistrationRepository(trx).decide(
          reg.id,
          reg.supplier_id,
          'rejected',
          caller.user._id,
        );
        await userRepository(trx).setStatus(reg.user_id, 'disabled');
      });
      return { message: 'Registration rejected.' };
    },
  };
}

export type SupplierRegistrationService = ReturnType<typeof supplierRegistrationService>;
