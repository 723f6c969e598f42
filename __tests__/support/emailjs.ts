/* The EmailJS settings the estimate's unit tests build with: ids of their own, which a stand-in for EmailJS accepts. */
export const EMAILJS_TEST_ENV = {
  GATSBY_EMAILJS_PUBLIC_KEY: "public-key",
  GATSBY_EMAILJS_SERVICE_ID: "service_estimates",
  GATSBY_EMAILJS_TEMPLATE_ID: "template_estimate",
}
