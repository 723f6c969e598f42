import { useBusiness } from "../hooks/use-business"
import { telHref } from "../lib/urls"
import { onSlateButton, secondaryButton } from "../styles/shared"

export interface CallLinkProps {
  /** onSlate for dark bands such as the hero. */
  variant?: "onPaper" | "onSlate"
}

/** The tap-to-call button with the business's number. */
export function CallLink({ variant = "onPaper" }: CallLinkProps) {
  const { phone } = useBusiness()
  return (
    <a href={telHref(phone)} css={variant === "onSlate" ? onSlateButton : secondaryButton}>
      Call {phone}
    </a>
  )
}
