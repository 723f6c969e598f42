/*
 * Cloudflare Pages Function at /auth: the start of the content manager's GitHub sign-in
 * (src/lib/sign-in/github-oauth.ts says how the whole sign-in works).
 */
import { startSignIn, type SignInEnv } from "../_sign-in/github-oauth"

export const onRequestGet = ({ request, env }: { request: Request; env: SignInEnv }) => startSignIn(request, env)
