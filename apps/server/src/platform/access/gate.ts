import { Code } from '@forum/contracts';
import type { Actor } from '../auth/actor.js';
import { AppError } from '../http/errors.js';

/** What a policy may answer; force-* beat the admin pass, deny beats allow. */
export type PolicyAnswer = 'allow' | 'deny' | 'forceAllow' | 'forceDeny' | 'abstain';
/** The thing being acted on; categoryId scopes `category{id}.X` grants. */
export interface Resource {
  categoryId?: number | null;
  ownerId?: number | null;
  [key: string]: unknown;
}
/** A policy for one ability (features and plugins register these). */
export type Policy = (actor: Actor, resource: Resource | undefined) => PolicyAnswer;

/** The access gate (architecture §4): permission strings per group, category scope, policies, admin passes. */
export class Gate {
  private readonly policies = new Map<string, Policy[]>();

  /** Adds a policy for an ability. */
  registerPolicy(ability: string, policy: Policy): void {
    const list = this.policies.get(ability) ?? [];
    list.push(policy);
    this.policies.set(ability, list);
  }

  /** True when the actor's group holds the grant, globally or for the resource's category. */
  hasGrant(actor: Actor, ability: string, resource?: Resource): boolean {
    if (actor.permissions.has(ability)) return true;
    const cid = resource?.categoryId;
    return cid != null && actor.permissions.has(`category${cid}.${ability}`);
  }

  /** True when the actor may do this anywhere: a global grant, the `switch.X` toggle or any category grant. */
  canAnywhere(actor: Actor, ability: string): boolean {
    if (actor.isAdmin) return true;
    if (actor.permissions.has(ability) || actor.permissions.has(`switch.${ability}`)) return true;
    const suffix = `.${ability}`;
    for (const p of actor.permissions) if (p.startsWith('category') && p.endsWith(suffix)) return true;
    return false;
  }

  /** Decides one ability for one actor and resource. */
  can(actor: Actor, ability: string, resource?: Resource): boolean {
    const answers = (this.policies.get(ability) ?? []).map((p) => p(actor, resource));
    if (answers.includes('forceDeny')) return false;
    if (answers.includes('forceAllow')) return true;
    if (actor.isAdmin) return true;
    if (answers.includes('deny')) return false;
    if (answers.includes('allow')) return true;
    return this.hasGrant(actor, ability, resource);
  }

  /** Throws -4002 when the actor may not. */
  authorize(actor: Actor, ability: string, resource?: Resource): void {
    if (this.can(actor, ability, resource)) return;
    throw new AppError(Code.UNAUTHORIZED, '', { ability });
  }
}
