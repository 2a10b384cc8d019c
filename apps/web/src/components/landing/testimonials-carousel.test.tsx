import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testimonials } from "./testimonials";
import { TestimonialsCarousel, wrapIndex } from "./testimonials-carousel";

const shown = () => screen.getByTestId("testimonial-name").textContent;

describe("TestimonialsCarousel (spec §1)", () => {
  it("holds four quotes with name, role, rating and text", () => {
    expect(testimonials).toHaveLength(4);
    render(<TestimonialsCarousel items={testimonials} autoPlayMs={0} />);
    expect(shown()).toBe(testimonials[0]!.name);
    expect(screen.getByText(/Pricing Analyst/)).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /Rated 5 out of 5/ })).toBeInTheDocument();
  });

  it("wraps from the first quote back to the last, and from the last to the first", async () => {
    render(<TestimonialsCarousel items={testimonials} autoPlayMs={0} />);
    await userEvent.click(screen.getByRole("button", { name: "Previous testimonial" }));
    expect(shown()).toBe(testimonials[3]!.name);
    await userEvent.click(screen.getByRole("button", { name: "Next testimonial" }));
    expect(shown()).toBe(testimonials[0]!.name);
    for (let i = 0; i < 4; i++)
      await userEvent.click(screen.getByRole("button", { name: "Next testimonial" }));
    expect(shown()).toBe(testimonials[0]!.name);
  });

  it("jumps to a quote by its dot and marks the current dot", async () => {
    render(<TestimonialsCarousel items={testimonials} autoPlayMs={0} />);
    await userEvent.click(screen.getByRole("button", { name: "Show testimonial 3" }));
    expect(shown()).toBe(testimonials[2]!.name);
    expect(screen.getByRole("button", { name: "Show testimonial 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    expect(screen.getByRole("button", { name: "Show testimonial 1" })).not.toHaveAttribute("aria-current");
  });

  it("computes wrapped indexes at both ends", () => {
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(2, 4)).toBe(2);
  });
});
