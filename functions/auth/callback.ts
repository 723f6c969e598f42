/*
 * Cloudflare Pages Function at /auth/callback: where GitHub sends the sign-in pop-up back
 * (src/lib/sign-in/github-oauth.ts says how the whole sign-in works).
 */
import { finishSignIn, type SignInEnv } from "../_sign-in/github-oauth"

export const onRequestGet = ({ request, env }: { request: Request; env: SignInEnv }) => finishSignIn(request, env)
