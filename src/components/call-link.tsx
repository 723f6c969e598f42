import { useBusiness } from "../hooks/use-business"
import { onSlateButton, secondaryButton } from "../styles/shared"
import { PhoneLink } from "./phone-link"

export interface CallLinkProps {
  /** onSlate for dark bands such as the hero. */
  variant?: "onPaper" | "onSlate"
}

/** The tap-to-call button with the business's number. */
export function CallLink({ variant = "onPaper" }: CallLinkProps) {
  const { phone } = useBusiness()
  return (
    <PhoneLink phone={phone} css={variant === "onSlate" ? onSlateButton : secondaryButton}>
      Call {phone}
    </PhoneLink>
  )
}
