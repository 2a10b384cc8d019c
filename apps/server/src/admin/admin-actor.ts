import type { AuthUser } from "@changeradar/contracts";
import type { Actor } from "../audit/audit.service";

/** The signed-in administrator as the audit log and support replies name them. */
export function adminActor(user: AuthUser): Actor & { name: string } {
  return {
    id: user.id,
    label: user.email,
    name: `${user.firstName} ${user.lastName}`.trim() || "ChangeRadar support",
  };
}
